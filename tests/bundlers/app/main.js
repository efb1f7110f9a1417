import torch from 'tensorpad';
import { compute } from './compute.js';

window.result = compute(torch);
document.body.textContent = window.result;
