// Convolution and pooling: F.conv1d / F.conv2d (torch.conv1d / torch.conv2d), F.max_pool2d,
// F.avg_pool2d, F.adaptive_avg_pool2d, and the modules Conv1d, Conv2d, MaxPool2d, AvgPool2d,
// AdaptiveAvgPool2d, Flatten, Unflatten. The core computes (src/nn/conv.c); this file parses
// arguments as torch/nn/functional.py and the modules' __init__ do, with their messages.
// nn.js calls makeConv with its Module machinery (no import cycle) when it builds torch.nn.
import { W, check, checkStatus, args, memory, TensorError } from '../core/wasm.js';
import { bind, warn, warnOnce, floatOf, numberOf, attributeError } from '../core/args.js';
import { describe, pyRepr, py, pyStr, pyFloat, pyTuple } from '../core/dtype.js';
import { Tensor, wrap, asTensor } from '../tensor/tensor.js';

/** Python's repr of an int tuple: (3, 3), (3,). */
/** An int, or an array as the Python list it stands for (modules that keep what they were given). */
const pyVal = (v) => (Array.isArray(v) ? `[${v.map(pyStr).join(', ')}]` : pyStr(v));
const isIntList = (v) => Array.isArray(v) && v.every(Number.isInteger);

/** The function's int[k] argument (an int becomes k of them), then ATen's
 *  expand_param_if_needed for the weight's kw spatial dims. */
function expand(v, name, k, kw) {
  if (Number.isInteger(v)) v = Array(k).fill(v);
  if (isIntList(v) && v.length === 1) return Array(kw).fill(v[0]);
  if (isIntList(v) && v.length === kw) return v.slice();
  if (isIntList(v)) throw new TensorError(`expected ${name} to be a single integer value or a list of ${kw} values to match the convolution dimensions, but got ${name}=[${v.join(', ')}]`);
  throw new TypeError(`conv: argument '${name}' must be tuple of ints, not ${describe(v)}`);
}

let torchRef = null;

// ---- functional --------------------------------------------------------------------------
function convNd(k, fname, a) {
  const o = bind(fname, a, ['input', 'weight', 'bias', 'stride', 'padding', 'dilation', 'groups'],
    { bias: null, stride: 1, padding: 0, dilation: 1, groups: 1 });
  let input = asTensor(o.input, fname, 'input', 1);
  const weight = asTensor(o.weight, fname, 'weight', 2);
  const bias = o.bias === null || o.bias === undefined ? null : asTensor(o.bias, fname, 'bias', 3);
  if (input.ndim !== k + 1 && input.ndim !== k + 2) {
    throw new TensorError(`Expected ${k + 1}D (unbatched) or ${k + 2}D (batched) input to ${fname}, but got input of size: [${Array.from(input.shape).join(', ')}]`);
  }
  if (!Number.isInteger(o.groups)) throw new TypeError(`${fname}(): argument 'groups' must be int, not ${describe(o.groups)}`);
  if (weight.ndim < 3) throw new TensorError('weight should have at least three dimensions');
  const kw = weight.ndim - 2;
  const stride = expand(o.stride, 'stride', k, kw), dilation = expand(o.dilation, 'dilation', k, kw);
  let padding, padRight = null;
  if (typeof o.padding === 'string') {
    if (o.padding === 'valid') padding = Array(kw).fill(0);
    else if (o.padding === 'same') {
      if (stride.some((s) => s !== 1)) throw new TensorError("padding='same' is not supported for strided convolutions");
      padding = [];
      padRight = [];
      for (let i = 0; i < kw; i++) {
        const total = dilation[i] * ((weight.shape[i + 2] ?? 1) - 1);
        padding.push(Math.floor(total / 2));
        padRight.push(total - Math.floor(total / 2));
      }
      if (padRight.every((r, i) => r === padding[i])) padRight = null;
      else warnOnce("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy of the input be created (Triggered internally at ../aten/src/ATen/native/Convolution.cpp:1003.)");
    } else throw new TensorError(`Invalid padding string: '${o.padding}'`);
  } else padding = expand(o.padding, 'padding', k, kw);
  const unbatched = input.ndim === k + 1;
  if (unbatched) input = input.unsqueeze(0);
  if (padRight) {
    // 1.13 pads the input by the odd element (constant_pad_nd) and keeps a symmetric padding
    for (let i = 0; i < kw; i++) {
      if (padRight[i] === padding[i]) continue;
      const sz = Array.from(input.shape);
      sz[i + 2] = padRight[i] - padding[i];
      input = torchRef.cat([input, torchRef.zeros(sz, { dtype: input.dtype })], i + 2);
    }
  }
  const out = wrap(check(W.tp_convolution(input._ptr, weight._ptr, bias ? bias._ptr : 0, kw, args([...stride, ...padding, ...dilation]), o.groups)));
  return unbatched ? out.squeeze(0) : out;
}
const conv1d = (...a) => convNd(1, 'conv1d', a);
const conv2d = (...a) => convNd(2, 'conv2d', a);

/** An int or a pair for pooling (ATen's "must either be a single int, or a tuple of two ints"). */
function pair(v, fname, what, omit = false) {
  if (omit && (v === null || v === undefined || (Array.isArray(v) && v.length === 0))) return null;
  if (Number.isInteger(v)) return [v, v];
  if (isIntList(v) && v.length === 1) return [v[0], v[0]];
  if (isIntList(v) && v.length === 2) return v.slice();
  if (Array.isArray(v) || Number.isInteger(v)) {
    throw new TensorError(`${fname}: ${what} must ${what === 'dilation' ? 'be either' : 'either be'}${omit ? ' omitted,' : ''} a single int, or a tuple of two ints`);
  }
  throw new TypeError(`${fname}(): argument '${what}' must be tuple of ints, not ${describe(v)}`);
}

let pairPtr = 0;
function max_pool2d(...a) {
  const o = bind('max_pool2d', a, ['input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode', 'return_indices'],
    { stride: null, padding: 0, dilation: 1, ceil_mode: false, return_indices: false });
  const input = asTensor(o.input, 'max_pool2d', 'input', 1);
  const ks = pair(o.kernel_size, 'max_pool2d', 'kernel_size');
  const st = pair(o.stride, 'max_pool2d', 'stride', true) ?? ks;
  const pd = pair(o.padding, 'max_pool2d', 'padding'), dl = pair(o.dilation, 'max_pool2d', 'dilation');
  if (!pairPtr) pairPtr = check(W.tp_malloc(8));
  checkStatus(W.tp_max_pool2d(input._ptr, args([...ks, ...st, ...pd, ...dl, o.ceil_mode ? 1 : 0, 0, 0, 0]), pairPtr));
  const p = new Uint32Array(memory.buffer, pairPtr, 2);
  const out = wrap(p[0]), idx = wrap(p[1]);
  if (o.return_indices) return [out, idx];
  idx.dispose();
  return out;
}

function avg_pool2d(...a) {
  const o = bind('avg_pool2d', a, ['input', 'kernel_size', 'stride', 'padding', 'ceil_mode', 'count_include_pad', 'divisor_override'],
    { stride: null, padding: 0, ceil_mode: false, count_include_pad: true, divisor_override: null });
  const input = asTensor(o.input, 'avg_pool2d', 'input', 1);
  const ks = pair(o.kernel_size, 'avg_pool2d', 'kernel_size');
  const st = pair(o.stride, 'avg_pool2d', 'stride', true) ?? ks;
  const pd = pair(o.padding, 'avg_pool2d', 'padding');
  if (input.ndim < 3) {
    throw new TensorError(`Dimension out of range (expected to be in range of [${-Math.max(input.ndim, 1)}, ${Math.max(input.ndim, 1) - 1}], but got -3)`);
  }
  const hasDiv = o.divisor_override !== null && o.divisor_override !== undefined;
  return wrap(check(W.tp_avg_pool2d(input._ptr, args([...ks, ...st, ...pd, 1, 1, o.ceil_mode ? 1 : 0, o.count_include_pad ? 1 : 0,
    hasDiv ? o.divisor_override : 0, hasDiv ? 1 : 0]))));
}

function adaptive_avg_pool2d(...a) {
  const o = bind('adaptive_avg_pool2d', a, ['input', 'output_size']);
  const input = asTensor(o.input, 'adaptive_avg_pool2d', 'input', 1);
  let os = o.output_size;
  if (Number.isInteger(os)) os = [os, os];
  else if (Array.isArray(os) && os.length === 1) os = [os[0], os[0]];
  if (!Array.isArray(os)) throw new TypeError(`adaptive_avg_pool2d(): argument 'output_size' must be tuple of ints, not ${describe(os)}`);
  if (os.length !== 2) throw new TensorError('adaptive_avg_pool2d: output_size must be 2');
  // functional.py's _list_with_default: None keeps the input's size
  os = os.map((v, i) => (v === null || v === undefined ? input.shape[input.ndim - 2 + i] : v));
  if (!os.every(Number.isInteger)) throw new TypeError("adaptive_avg_pool2d(): argument 'output_size' (position 2) must be tuple of SymInts, not list");
  if (os[0] === 1 && os[1] === 1) return input.mean([-1, -2], true);  // ATen's shortcut (MeanBackward1)
  return wrap(check(W.tp_adaptive_avg_pool2d(input._ptr, os[0], os[1])));
}

// ---- transposed convolution --------------------------------------------------------------------
function convTransposeNd(k, fname, a) {
  const o = bind(fname, a, ['input', 'weight', 'bias', 'stride', 'padding', 'output_padding', 'groups', 'dilation'],
    { bias: null, stride: 1, padding: 0, output_padding: 0, groups: 1, dilation: 1 });
  let input = asTensor(o.input, fname, 'input', 1);
  const weight = asTensor(o.weight, fname, 'weight', 2);
  const bias = isNone(o.bias) ? null : asTensor(o.bias, fname, 'bias', 3);
  if (input.ndim !== k + 1 && input.ndim !== k + 2) {
    throw new TensorError(`Expected ${k + 1}D (unbatched) or ${k + 2}D (batched) input to ${fname}, but got input of size: [${Array.from(input.shape).join(', ')}]`);
  }
  if (!Number.isInteger(o.groups)) throw new TypeError(`${fname}(): argument 'groups' must be int, not ${describe(o.groups)}`);
  if (typeof o.padding === 'string') throw new TypeError(`${fname}(): argument 'padding' must be tuple of ints, not str`);
  if (weight.ndim < 3) throw new TensorError('weight should have at least three dimensions');
  const kw = weight.ndim - 2;
  const stride = expand(o.stride, 'stride', k, kw), padding = expand(o.padding, 'padding', k, kw);
  const outPad = expand(o.output_padding, 'output_padding', k, kw), dilation = expand(o.dilation, 'dilation', k, kw);
  const unbatched = input.ndim === k + 1;
  if (unbatched) input = input.unsqueeze(0);
  const out = wrap(check(W.tp_conv_transpose(input._ptr, weight._ptr, bias ? bias._ptr : 0, kw, args([...stride, ...padding, ...dilation, ...outPad]), o.groups)));
  return unbatched ? out.squeeze(0) : out;
}
const conv_transpose1d = (...a) => convTransposeNd(1, 'conv_transpose1d', a);
const conv_transpose2d = (...a) => convTransposeNd(2, 'conv_transpose2d', a);

// ---- 1-D pooling and adaptive max pooling ---------------------------------------------------
// As ATen 1.13: the 1-D forms run the 2-D kernels on input.unsqueeze(-2) and squeeze(-2) the
// result (so their grad_fn is SqueezeBackward1 above the 2-D node).
const list1 = (v) => (Number.isInteger(v) ? [v] : Array.isArray(v) ? v : v);
const shapeStr = (t) => `[${Array.from(t.shape).join(', ')}]`;
function check1d(fname, arg, v) {
  if (!isIntList(v)) throw new TypeError(`${fname}(): argument '${arg}' must be tuple of ints, not ${describe(v)}`);
  if (v.length !== 1) throw new TensorError(`${fname}() argument '${arg}' should contain one int (got ${v.length})`);
}
function checkDimRange(fname, t) {
  if (t.ndim < 2 || t.ndim > 3) {
    throw new TensorError(`Expected 2 to 3 dimensions, but got ${t.ndim}-dimensional tensor for argument #1 'self' (while checking arguments for ${fname})`);
  }
}
/** ATen's pooling_output_shape. */
function poolOut(n, k, pad, s, d, ceil) {
  let o = Math.floor((n + 2 * pad - d * (k - 1) - 1 + (ceil ? s - 1 : 0)) / s) + 1;
  if (ceil && (o - 1) * s >= n + pad) o--;
  return o;
}
const sq2 = (r) => (Array.isArray(r) ? r.map((t) => t.squeeze(-2)) : r.squeeze(-2));

function max_pool1d(...a) {
  const o = bind('max_pool1d', a, ['input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode', 'return_indices'],
    { stride: null, padding: 0, dilation: 1, ceil_mode: false, return_indices: false });
  const input = asTensor(o.input, 'max_pool1d', 'input', 1);
  if (input.ndim !== 2 && input.ndim !== 3) {
    throw new TensorError(`max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:${shapeStr(input)}`);
  }
  const ks = list1(o.kernel_size), pd = list1(o.padding), dl = list1(o.dilation);
  let st = isNone(o.stride) ? [] : list1(o.stride);
  for (const [n, v] of [['kernel_size', ks], ['stride', st], ['padding', pd], ['dilation', dl]]) {
    if (!isIntList(v)) throw new TypeError(`max_pool1d(): argument '${n}' must be tuple of ints, not ${describe(v)}`);
  }
  if (o.return_indices || (input.requires_grad && torchRef.is_grad_enabled())) {
    // max_pool1d_with_indices: the 2-D kernel's checks and messages
    if (!st.length) st = ks;
    check1d('max_pool1d', 'kernel_size', ks);
    check1d('max_pool1d', 'stride', st);
    check1d('max_pool1d', 'padding', pd);
    check1d('max_pool1d', 'dilation', dl);
    const r = max_pool2d(input.unsqueeze(-2), [1, ks[0]], [1, st[0]], [0, pd[0]], [1, dl[0]], { ceil_mode: o.ceil_mode, return_indices: o.return_indices });
    return sq2(r);
  }
  // max_pool1d without autograd: check_max_pool1d's messages
  if (ks.length !== 1) throw new TensorError(`max_pool1d() kernel_size must be an int, list of ints or tuple of ints of size 1 but got size ${ks.length}`);
  if (st.length > 1) throw new TensorError(`max_pool1d() stride must be None, an int, list of ints, or tuple of ints of size 1 but got size ${st.length}`);
  if (pd.length !== 1) throw new TensorError(`max_pool1d() padding must be an int, list of ints, or tuple of ints of size 1 but got size ${pd.length}`);
  if (dl.length !== 1) throw new TensorError(`max_pool1d() dilation must be an int, list of ints or tuple of ints of size 1 but got size ${dl.length}`);
  if (!st.length) st = ks;
  if (ks[0] <= 0) throw new TensorError(`max_pool1d() kernel_size must be greater than zero, but got ${ks[0]}`);
  if (st[0] <= 0) throw new TensorError(`max_pool1d() stride must be greater than zero, but got ${st[0]}`);
  if (pd[0] < 0) throw new TensorError(`max_pool1d() padding must be non-negative, but got ${pd[0]}`);
  if (pd[0] > Math.floor(ks[0] / 2)) throw new TensorError(`max_pool1d() padding should be at most half of kernel size, but got padding=${pd[0]} and kernel_size=${ks[0]}`);
  if (dl[0] <= 0) throw new TensorError(`max_pool1d() dilation must be greater than zero, but got ${dl[0]}`);
  const OW = poolOut(input.shape[input.ndim - 1], ks[0], pd[0], st[0], dl[0], o.ceil_mode);
  if (OW < 0) throw new TensorError(`max_pool1d() Invalid computed output size: ${OW}`);
  if (!input.dtype.is_floating_point) {
    const TITLE = { int32: 'Int', int64: 'Long', bool: 'Bool', int16: 'Short', int8: 'Char', uint8: 'Byte' };
    throw new TensorError(`"max_pool1d_impl" not implemented for '${TITLE[input.dtype.name] ?? input.dtype.name}'`);
  }
  if (OW === 0) return torchRef.empty([...Array.from(input.shape).slice(0, -1), 0], { dtype: input.dtype });
  return max_pool2d(input.unsqueeze(-2), [1, ks[0]], [1, st[0]], [0, pd[0]], [1, dl[0]], o.ceil_mode).squeeze(-2);
}

function avg_pool1d(...a) {
  const o = bind('avg_pool1d', a, ['input', 'kernel_size', 'stride', 'padding', 'ceil_mode', 'count_include_pad'],
    { stride: null, padding: 0, ceil_mode: false, count_include_pad: true });
  const input = asTensor(o.input, 'avg_pool1d', 'input', 1);
  const ks = list1(o.kernel_size), pd = list1(o.padding);
  let st = isNone(o.stride) ? [] : list1(o.stride);
  if (Array.isArray(st) && !st.length) st = ks;
  checkDimRange('avg_pool1d', input);
  check1d('avg_pool1d', 'kernel_size', ks);
  check1d('avg_pool1d', 'stride', st);
  check1d('avg_pool1d', 'padding', pd);
  return avg_pool2d(input.unsqueeze(-2), [1, ks[0]], [1, st[0]], [0, pd[0]], o.ceil_mode, o.count_include_pad).squeeze(-2);
}

function adaptive_avg_pool1d(...a) {
  const o = bind('adaptive_avg_pool1d', a, ['input', 'output_size']);
  const input = asTensor(o.input, 'adaptive_avg_pool1d', 'input', 1);
  const os = list1(o.output_size);
  checkDimRange('adaptive_avg_pool1d', input);
  check1d('adaptive_avg_pool1d', 'output_size', os);
  return adaptive_avg_pool2d(input.unsqueeze(-2), [1, os[0]]).squeeze(-2);
}

let pairPtr2 = 0;
/** The argument parser's checks of an IntArrayRef given as a list (python_arg_parser.cpp): a first
 *  element that is not an int refuses the list, a later one is named, an int outside int64 too. */
function intListArg(fname, name, position, list) {
  list.forEach((v, i) => {
    const int = (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
    // a BigInt is compared as one: -(2**63) - 1 rounds to -(2**63) as a Number
    const fits = int && (typeof v === 'bigint' ? v >= -(2n ** 63n) && v < 2n ** 63n : v < 2 ** 63 && v >= -(2 ** 63));
    if (fits) return;
    if (i === 0 && !int) throw new TypeError(`${fname}(): argument '${name}' (position ${position}) must be tuple of ints, not list`);
    throw new TypeError(`${fname}(): argument '${name}' must be tuple of ints, but found element of type ${describe(v)} at pos ${i + 1}`);
  });
}

function adaptive_max_pool2d(...a) {
  const o = bind('adaptive_max_pool2d', a, ['input', 'output_size', 'return_indices'], { return_indices: false });
  const input = asTensor(o.input, 'adaptive_max_pool2d', 'input', 1);
  let os = o.output_size;
  if (Array.isArray(os)) {
    // functional.py's _list_with_default: None keeps the input's size
    if (input.ndim <= os.length) throw new TensorError(`Input dimension should be at least ${os.length + 1}`);
    os = os.map((v, i) => (isNone(v) ? input.shape[input.ndim - os.length + i] : v));
    if (os.length === 1) os = [os[0], os[0]];
  } else if (Number.isInteger(os)) os = [os, os];
  else if (typeof os === 'bigint') {
    if (os < -(2n ** 63n) || os >= 2n ** 63n) throw new TensorError('Overflow when unpacking long');
    os = [os, os];
  } else throw new TypeError(`adaptive_max_pool2d(): argument 'output_size' must be tuple of ints, not ${describe(os)}`);
  intListArg('adaptive_max_pool2d', 'output_size', 2, os);
  os = os.map(Number);
  if (os.length !== 2) throw new TensorError('adaptive_max_pool2d(): internal error: output_size.size() must be 2');
  if (!pairPtr2) pairPtr2 = check(W.tp_malloc(8));
  checkStatus(W.tp_adaptive_max_pool2d(input._ptr, os[0], os[1], pairPtr2));
  const p = new Uint32Array(memory.buffer, pairPtr2, 2);
  const out = wrap(p[0]), idx = wrap(p[1]);
  if (o.return_indices) return [out, idx];
  idx.dispose();
  return out;
}

function adaptive_max_pool1d(...a) {
  const o = bind('adaptive_max_pool1d', a, ['input', 'output_size', 'return_indices'], { return_indices: false });
  const input = asTensor(o.input, 'adaptive_max_pool1d', 'input', 1);
  const os = list1(o.output_size);
  checkDimRange('adaptive_max_pool1d', input);
  check1d('adaptive_max_pool1d', 'output_size', os);
  const r = sq2(adaptive_max_pool2d(input.unsqueeze(-2), [1, os[0]], true));
  if (o.return_indices) return r;
  r[1].dispose();
  return r[0];
}

// ---- upsampling (F.interpolate) ----------------------------------------------------------------
const isNone = (v) => v === null || v === undefined;
/** A scale factor as the right operand of Python's `float(size) * scale`. */
function timesFloat(v) {
  const x = numberOf(v);
  if (x !== undefined) return x;
  if (v instanceof Tensor && !v.is_disposed && v.numel() === 1) return Number(v.item());
  if (typeof v === 'string' || Array.isArray(v)) throw new TypeError("can't multiply sequence by non-int of type 'float'");
  throw new TypeError(`unsupported operand type(s) for *: 'float' and '${describe(v)}'`);
}
/** Python's str of a list the caller gave (ints as ints). */
const pyList = (v) => pyRepr(Array.from(v));

/** F.interpolate as torch/nn/functional.py (1.13) does it: the checks and output size there,
 *  then upsample_nearest1d/2d, upsample_linear1d, upsample_bilinear2d, upsample_bicubic2d (src/nn/conv.c) or, for
 *  mode='area', adaptive_avg_pool2d / adaptive_avg_pool1d. */
function interpolate(...a) {
  const o = bind('interpolate', a, ['input', 'size', 'scale_factor', 'mode', 'align_corners', 'recompute_scale_factor', 'antialias'],
    { size: null, scale_factor: null, mode: 'nearest', align_corners: null, recompute_scale_factor: null, antialias: false });
  const input = asTensor(o.input, 'interpolate', 'input', 1);
  const mode = o.mode;
  let ac = o.align_corners;
  if (['nearest', 'area', 'nearest-exact'].includes(mode)) {
    if (!isNone(ac)) throw new TensorError('align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear');
  } else if (isNone(ac)) ac = false;
  const dim = input.ndim - 2, spatial = Array.from(input.shape).slice(2);
  let outSize = null, scales = null;
  if (!isNone(o.size) && !isNone(o.scale_factor)) throw new TensorError('only one of size or scale_factor should be defined');
  else if (!isNone(o.size)) {
    if (Array.isArray(o.size)) {
      if (o.size.length !== dim) {
        throw new TensorError(`Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of ${pyList(spatial)} and output size of ${pyList(o.size)}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.`);
      }
      outSize = o.size.slice();
    } else outSize = Array(Math.max(dim, 0)).fill(o.size);
  } else if (!isNone(o.scale_factor)) {
    if (Array.isArray(o.scale_factor)) {
      if (o.scale_factor.length !== dim) {
        throw new TensorError(`Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of ${pyList(spatial)} and scale_factor of shape ${pyList(o.scale_factor)}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.`);
      }
      scales = o.scale_factor.slice();
    } else scales = Array(Math.max(dim, 0)).fill(o.scale_factor);
  } else throw new TensorError('either size or scale_factor should be defined');
  let recompute = o.recompute_scale_factor;
  if (recompute && !isNone(o.size)) throw new TensorError('recompute_scale_factor is not meaningful with an explicit size.');
  if (mode === 'area' && outSize === null) recompute = true;
  if (recompute) {
    outSize = scales.map((s, i) => Math.floor(spatial[i] * timesFloat(s)));
    scales = null;
  }
  if (o.antialias && !((mode === 'bilinear' || mode === 'bicubic') && input.ndim === 4)) {
    throw new TensorError('Anti-alias option is only supported for bilinear and bicubic modes');
  }
  if (o.antialias) throw new TensorError('tensorpad: interpolate(antialias=True) is not supported');
  const OPS = { nearest: 'upsample_nearest', 'nearest-exact': '_upsample_nearest_exact', linear: 'upsample_linear', bilinear: 'upsample_bilinear', bicubic: 'upsample_bicubic' };
  const op = typeof mode === 'string' && Object.hasOwn(OPS, mode) ? OPS[mode] : undefined;  // (any mode: Python compares it with ==)
  const bad = op && input.ndim >= 3 ? (outSize ?? []).findIndex((v) => !Number.isInteger(v)) : -1;
  if (bad > 0) {
    throw new TypeError(`${op}${input.ndim - 2}d(): argument 'output_size' must be tuple of SymInts, but found element of type ${describe(outSize[bad])} at pos ${bad + 1}`);
  }
  // the binding's 'tuple of floats scale_factors': numbers only (not a tensor, as in 1.13)
  const badScale = op && input.ndim >= 3 && bad < 0 ? (scales ?? []).findIndex((v) => numberOf(v) === undefined) : -1;
  if (badScale > 0) {
    throw new TypeError(`${op}${input.ndim - 2}d(): argument 'scale_factors' must be tuple of floats, but found element of type ${describe(scales[badScale])} at pos ${badScale + 1}`);
  }
  if (bad === 0 || badScale === 0) {
    // the binding's overload mismatch (its first line; the list of signatures is not repeated)
    const acType = mode.startsWith('nearest') ? '' : 'bool, ';
    throw new TypeError(`${op}${input.ndim - 2}d() received an invalid combination of arguments - got (Tensor, ${outSize ? 'list' : 'NoneType'}, ${acType}${scales ? 'list' : 'NoneType'}), but expected one of:`);
  }
  if (scales && badScale < 0) scales = scales.map((v) => numberOf(v) ?? v);   // a BigInt or bool as a double
  const nd = input.ndim;
  const up = (m) => {
    // ATen's compute_output_size: int64(input_size * scale) when scales were given
    const os = outSize ?? scales.map((s, i) => Math.trunc(spatial[i] * s));
    const sc = scales ?? [0, 0];
    return wrap(check(W.tp_upsample(input._ptr, m, ac ? 1 : 0, nd === 4 ? os[0] : 1, os[nd === 4 ? 1 : 0], nd === 4 ? sc[0] : 0, sc[nd === 4 ? 1 : 0])));
  };
  if ((nd === 3 || nd === 4) && mode === 'nearest') return up(0);
  if (nd === 4 && mode === 'area') return adaptive_avg_pool2d(input, outSize);
  if (nd === 3 && mode === 'area') return adaptive_avg_pool2d(input.unsqueeze(-2), [1, outSize[0]]).squeeze(-2);
  if ((nd === 3 && mode === 'linear') || (nd === 4 && mode === 'bilinear')) return up(1);
  if (nd === 4 && mode === 'bicubic') return up(2);
  if ((nd === 3 || nd === 4) && mode === 'nearest-exact') return up(3);
  const unsupported = { 5: ['nearest', 'nearest-exact', 'area', 'trilinear'] };
  if ((unsupported[nd] ?? []).includes(mode)) throw new TensorError(`tensorpad: interpolate(mode='${mode}') is not supported for ${nd}-D input`);
  const need = { bilinear: 4, trilinear: 5, linear: 3 };
  if (nd >= 3 && nd <= 5 && typeof mode === 'string' && Object.hasOwn(need, mode) && need[mode] !== nd) throw new TensorError(`Got ${nd}D input, but ${mode} mode needs ${need[mode]}D input`);
  throw new TensorError(`Input Error: Only 3D, 4D and 5D input Tensors supported (got ${nd}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got ${pyStr(mode)})`);
}

/** The deprecated F.upsample, F.upsample_nearest and F.upsample_bilinear (they warn, then interpolate). */
function upsample(...a) {
  warn('nn.functional.upsample is deprecated. Use nn.functional.interpolate instead.');
  const o = bind('upsample', a, ['input', 'size', 'scale_factor', 'mode', 'align_corners'], { size: null, scale_factor: null, mode: 'nearest', align_corners: null });
  return interpolate(o.input, o.size, o.scale_factor, o.mode, o.align_corners);
}
function upsample_nearest(...a) {
  warn('nn.functional.upsample_nearest is deprecated. Use nn.functional.interpolate instead.');
  const o = bind('upsample_nearest', a, ['input', 'size', 'scale_factor'], { size: null, scale_factor: null });
  return interpolate(o.input, o.size, o.scale_factor, 'nearest');
}
function upsample_bilinear(...a) {
  warn('nn.functional.upsample_bilinear is deprecated. Use nn.functional.interpolate instead.');
  const o = bind('upsample_bilinear', a, ['input', 'size', 'scale_factor'], { size: null, scale_factor: null });
  return interpolate(o.input, o.size, o.scale_factor, 'bilinear', true);
}

/** The torch.nn pieces that need nn.js's Module, Parameter and init. */
/** F.lp_pool1d / F.lp_pool2d (1.13's functional.py): (sum over each window of x^p)^(1/p), from
 *  avg_pool of x^p times the window's size; sign(out) * relu(|out|) as 1.13 writes it. */
function lpPool(fname, nd) {
  return function (...a) {
    const o = bind(fname, a, ['input', 'norm_type', 'kernel_size', 'stride', 'ceil_mode'], { stride: null, ceil_mode: false });
    const input = asTensor(o.input, fname, 'input', 1);
    const p = o.norm_type;
    const pool = nd === 1 ? avg_pool1d : avg_pool2d;
    const powed = input.pow(p);
    const out = o.stride === null || o.stride === undefined ? pool(powed, o.kernel_size, { padding: 0, ceil_mode: o.ceil_mode })
      : pool(powed, o.kernel_size, o.stride, 0, o.ceil_mode);
    const ks = Array.isArray(o.kernel_size) ? o.kernel_size : Array(nd).fill(o.kernel_size);
    const size = nd === 1 ? o.kernel_size : ks[0] * ks[1];
    return torchRef.sign(out).mul(torchRef.nn.functional.relu(torchRef.abs(out))).mul(size).pow(1 / p);
  };
}
const lp_pool1d = lpPool('lp_pool1d', 1), lp_pool2d = lpPool('lp_pool2d', 2);
/** F.max_pool2d_with_indices & co.: the pool with return_indices true ([output, indices]). */
function withIndices(pool, fname, names) {
  return function (...a) {
    const o = bind(fname, a, names, {});
    const kw = {};
    for (const n of names.slice(1)) if (o[n] !== undefined) kw[n] = o[n];
    return pool(o.input, { ...kw, return_indices: true });
  };
}

export function makeConv({ Module, Parameter, init, fanInOut, pyBool }) {
  const PADDING_MODES = ['zeros', 'reflect', 'replicate', 'circular'];
  /** _ConvNd.__init__'s checks of in/out_channels and groups; returns the int-or-tuple reader
   *  for the k spatial dims. */
  function channelArgs(k, name, o) {
    for (const key of ['in_channels', 'out_channels', 'groups']) {
      if (!Number.isInteger(o[key])) throw new TypeError(`${name}(): argument '${key}' must be int, not ${describe(o[key])}`);
    }
    if (o.groups <= 0) throw new TensorError('groups must be a positive integer');
    if (o.in_channels % o.groups !== 0) throw new TensorError('in_channels must be divisible by groups');
    if (o.out_channels % o.groups !== 0) throw new TensorError('out_channels must be divisible by groups');
    return (v, what) => {
      if (Number.isInteger(v)) return Array(k).fill(v);
      if (isIntList(v)) return v.slice();
      throw new TypeError(`${name}(): argument '${what}' must be int or tuple of ints, not ${describe(v)}`);
    };
  }
  /** What convolutions and transposed convolutions share, as torch's _ConvNd. */
  class ConvBase extends Module {
    /** _ConvNd.reset_parameters: kaiming_uniform_(weight, a=sqrt(5)), bias ~ U(±1/sqrt(fan_in)). */
    reset_parameters() {
      init.kaiming_uniform_(this.weight, { a: Math.sqrt(5) });
      if (this.bias) {
        const [fanIn] = fanInOut(this.weight);
        if (fanIn !== 0) {
          const bound = 1 / Math.sqrt(fanIn);
          init.uniform_(this.bias, -bound, bound);
        }
      }
    }
  }
  class ConvNd extends ConvBase {
    constructor(k, name, a) {
      super();
      const o = bind(`${name}.__init__`, a, ['in_channels', 'out_channels', 'kernel_size', 'stride', 'padding', 'dilation', 'groups', 'bias', 'padding_mode', 'device', 'dtype'],
        { stride: 1, padding: 0, dilation: 1, groups: 1, bias: true, padding_mode: 'zeros' });
      const tup = channelArgs(k, name, o);
      this.in_channels = o.in_channels;
      this.out_channels = o.out_channels;
      this.kernel_size = tup(o.kernel_size, 'kernel_size');
      this.stride = tup(o.stride, 'stride');
      if (typeof o.padding === 'string') {
        if (o.padding !== 'same' && o.padding !== 'valid') throw new TensorError(`Invalid padding string '${o.padding}', should be one of {'valid', 'same'}`);
        if (o.padding === 'same' && this.stride.some((s) => s !== 1)) throw new TensorError("padding='same' is not supported for strided convolutions");
        this.padding = o.padding;
      } else this.padding = tup(o.padding, 'padding');
      this.dilation = tup(o.dilation, 'dilation');
      this.groups = o.groups;
      if (!PADDING_MODES.includes(o.padding_mode)) {
        throw new TensorError(`padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], but got padding_mode='${o.padding_mode}'`);
      }
      if (o.padding_mode !== 'zeros') throw new TensorError(`tensorpad: Conv padding_mode='${o.padding_mode}' is not supported (only 'zeros')`);
      this.padding_mode = o.padding_mode;
      Object.defineProperty(this, '_k', { value: k, enumerable: false });
      const dt = o.dtype === undefined || o.dtype === null ? {} : { dtype: o.dtype };
      this.weight = new Parameter(torchRef.empty([o.out_channels, o.in_channels / o.groups, ...this.kernel_size], dt));
      this.bias = o.bias ? new Parameter(torchRef.empty(o.out_channels, dt)) : null;
      this.reset_parameters();
    }
    forward(input) {
      return convNd(this._k, this._k === 2 ? 'conv2d' : 'conv1d', [input, this.weight, this.bias, this.stride, this.padding, this.dilation, this.groups]);
    }
    extra_repr() {
      let s = py`${this.in_channels}, ${this.out_channels}, kernel_size=${pyTuple(this.kernel_size)}, stride=${pyTuple(this.stride)}`;
      if (typeof this.padding === 'string') s += py`, padding=${this.padding}`;
      else if (this.padding.some((p) => p !== 0)) s += py`, padding=${pyTuple(this.padding)}`;
      if (this.dilation.some((d) => d !== 1)) s += py`, dilation=${pyTuple(this.dilation)}`;
      if (this.groups !== 1) s += py`, groups=${this.groups}`;
      if (this.bias === null) s += ', bias=False';
      if (this.padding_mode !== 'zeros') s += py`, padding_mode=${this.padding_mode}`;
      return s;
    }
  }
  class Conv1d extends ConvNd { constructor(...a) { super(1, 'Conv1d', a); } }
  class Conv2d extends ConvNd { constructor(...a) { super(2, 'Conv2d', a); } }

  class MaxPool2d extends Module {
    constructor(...a) {
      super();
      const o = bind('MaxPool2d.__init__', a, ['kernel_size', 'stride', 'padding', 'dilation', 'return_indices', 'ceil_mode'],
        { stride: null, padding: 0, dilation: 1, return_indices: false, ceil_mode: false });
      this.kernel_size = o.kernel_size;
      this.stride = o.stride === null || o.stride === undefined ? o.kernel_size : o.stride;
      this.padding = o.padding;
      this.dilation = o.dilation;
      this.return_indices = !!o.return_indices;
      this.ceil_mode = !!o.ceil_mode;
    }
    forward(input) {
      return max_pool2d(input, this.kernel_size, this.stride, this.padding, this.dilation, { ceil_mode: this.ceil_mode, return_indices: this.return_indices });
    }
    extra_repr() {
      return py`kernel_size=${pyVal(this.kernel_size)}, stride=${pyVal(this.stride)}, padding=${pyVal(this.padding)}, dilation=${pyVal(this.dilation)}, ceil_mode=${pyBool(this.ceil_mode)}`;
    }
  }
  /** nn.LPPool1d / nn.LPPool2d(norm_type, kernel_size, stride = null, ceil_mode = false). */
  class LPPoolNd extends Module {
    constructor(name, a) {
      super();
      const o = bind(`${name}.__init__`, a, ['norm_type', 'kernel_size', 'stride', 'ceil_mode'], { stride: null, ceil_mode: false });
      this.norm_type = o.norm_type;
      this.kernel_size = o.kernel_size;
      this.stride = o.stride ?? null;
      this.ceil_mode = o.ceil_mode;
    }
    extra_repr() {
      return py`norm_type=${this.norm_type}, kernel_size=${this.kernel_size}, stride=${this.stride}, ceil_mode=${pyBool(this.ceil_mode)}`;
    }
  }
  class LPPool1d extends LPPoolNd {
    constructor(...a) { super('LPPool1d', a); }
    forward(input) { return lp_pool1d(input, floatOf(this.norm_type), this.kernel_size, this.stride, this.ceil_mode); }
  }
  class LPPool2d extends LPPoolNd {
    constructor(...a) { super('LPPool2d', a); }
    forward(input) { return lp_pool2d(input, floatOf(this.norm_type), this.kernel_size, this.stride, this.ceil_mode); }
  }
  class AvgPool2d extends Module {
    constructor(...a) {
      super();
      const o = bind('AvgPool2d.__init__', a, ['kernel_size', 'stride', 'padding', 'ceil_mode', 'count_include_pad', 'divisor_override'],
        { stride: null, padding: 0, ceil_mode: false, count_include_pad: true, divisor_override: null });
      this.kernel_size = o.kernel_size;
      this.stride = o.stride === null || o.stride === undefined ? o.kernel_size : o.stride;
      this.padding = o.padding;
      this.ceil_mode = !!o.ceil_mode;
      this.count_include_pad = !!o.count_include_pad;
      this.divisor_override = o.divisor_override ?? null;
    }
    forward(input) {
      return avg_pool2d(input, this.kernel_size, this.stride, this.padding, this.ceil_mode, this.count_include_pad, this.divisor_override);
    }
    extra_repr() { return py`kernel_size=${pyVal(this.kernel_size)}, stride=${pyVal(this.stride)}, padding=${pyVal(this.padding)}`; }
  }
  // torch/nn/modules/pooling.py's _AdaptiveAvgPoolNd: the 1d and 2d modules differ in forward only
  class _AdaptiveAvgPoolNd extends Module {
    constructor(...a) {
      super();
      this.output_size = bind(`${new.target.name}.__init__`, a, ['output_size']).output_size;
    }
    extra_repr() { return py`output_size=${pyVal(this.output_size)}`; }
  }
  class AdaptiveAvgPool2d extends _AdaptiveAvgPoolNd {
    forward(input) { return adaptive_avg_pool2d(input, this.output_size); }
  }
  class Flatten extends Module {
    constructor(...a) {
      super();
      const o = bind('Flatten.__init__', a, ['start_dim', 'end_dim'], { start_dim: 1, end_dim: -1 });
      this.start_dim = o.start_dim;
      this.end_dim = o.end_dim;
    }
    forward(input) {
      if (!(input instanceof Tensor)) throw attributeError(input, 'flatten');
      return input.flatten(this.start_dim, this.end_dim);
    }
    extra_repr() { return py`start_dim=${this.start_dim}, end_dim=${this.end_dim}`; }
  }
  class Unflatten extends Module {
    constructor(...a) {
      super();
      const o = bind('Unflatten.__init__', a, ['dim', 'unflattened_size']);
      if (!Number.isInteger(o.dim)) throw new TypeError(`invalid argument, expected dim to be int, got ${describe(o.dim)}`);
      if (!isIntList(o.unflattened_size)) throw new TypeError(`unflattened_size must be tuple of ints, but found type ${describe(o.unflattened_size)}`);
      this.dim = o.dim;
      this.unflattened_size = o.unflattened_size.slice();
    }
    forward(input) {
      if (!(input instanceof Tensor)) throw attributeError(input, 'unflatten');
      return input.unflatten(this.dim, this.unflattened_size);
    }
    extra_repr() { return py`dim=${this.dim}, unflattened_size=${pyVal(this.unflattened_size)}`; }
  }

  // nn.ConvTranspose1d / nn.ConvTranspose2d (torch/nn/modules/conv.py's _ConvTransposeNd)
  class ConvTransposeNd extends ConvBase {
    constructor(k, name, a) {
      super();
      const o = bind(`${name}.__init__`, a, ['in_channels', 'out_channels', 'kernel_size', 'stride', 'padding', 'output_padding', 'groups', 'bias', 'dilation', 'padding_mode', 'device', 'dtype'],
        { stride: 1, padding: 0, output_padding: 0, groups: 1, bias: true, dilation: 1, padding_mode: 'zeros' });
      if (o.padding_mode !== 'zeros') throw new TensorError(`Only "zeros" padding mode is supported for ${name}`);
      const tup = channelArgs(k, name, o);
      this.in_channels = o.in_channels;
      this.out_channels = o.out_channels;
      this.kernel_size = tup(o.kernel_size, 'kernel_size');
      this.stride = tup(o.stride, 'stride');
      this.padding = tup(o.padding, 'padding');
      this.dilation = tup(o.dilation, 'dilation');
      this.output_padding = tup(o.output_padding, 'output_padding');
      this.groups = o.groups;
      this.padding_mode = o.padding_mode;
      Object.defineProperty(this, '_k', { value: k, enumerable: false });
      const dt = isNone(o.dtype) ? {} : { dtype: o.dtype };
      this.weight = new Parameter(torchRef.empty([o.in_channels, o.out_channels / o.groups, ...this.kernel_size], dt));
      this.bias = o.bias ? new Parameter(torchRef.empty(o.out_channels, dt)) : null;
      this.reset_parameters();
    }
    /** _ConvTransposeNd._output_padding: the output_padding that gives output_size. */
    _output_padding(input, outputSize) {
      if (isNone(outputSize)) return this.output_padding;
      const k = this._k, nonSpatial = input.ndim === k + 2 ? 2 : 1;
      let os = Array.from(outputSize);
      if (os.length === nonSpatial + k) os = os.slice(nonSpatial);
      if (os.length !== k) {
        throw new TensorError(`ConvTranspose${k}D: for ${input.ndim}D input, output_size must have ${k} or ${nonSpatial + k} elements (got ${os.length})`);
      }
      const mins = [], maxs = [];
      for (let d = 0; d < k; d++) {
        mins.push((input.shape[d + nonSpatial] - 1) * this.stride[d] - 2 * this.padding[d] + this.dilation[d] * (this.kernel_size[d] - 1) + 1);
        maxs.push(mins[d] + this.stride[d] - 1);
      }
      os.forEach((size, i) => {
        if (size < mins[i] || size > maxs[i]) {
          throw new TensorError(`requested an output size of ${pyVal(os)}, but valid sizes range from ${pyVal(mins)} to ${pyVal(maxs)} (for an input of torch.Size(${pyVal(Array.from(input.shape).slice(2))}))`);
        }
      });
      return os.map((size, d) => size - mins[d]);
    }
    forward(input, output_size = null) {
      const op = this._output_padding(input, output_size);
      return convTransposeNd(this._k, this._k === 2 ? 'conv_transpose2d' : 'conv_transpose1d',
        [input, this.weight, this.bias, this.stride, this.padding, op, this.groups, this.dilation]);
    }
    extra_repr() {
      let s = py`${this.in_channels}, ${this.out_channels}, kernel_size=${pyTuple(this.kernel_size)}, stride=${pyTuple(this.stride)}`;
      if (this.padding.some((p) => p !== 0)) s += py`, padding=${pyTuple(this.padding)}`;
      if (this.dilation.some((d) => d !== 1)) s += py`, dilation=${pyTuple(this.dilation)}`;
      if (this.output_padding.some((p) => p !== 0)) s += py`, output_padding=${pyTuple(this.output_padding)}`;
      if (this.groups !== 1) s += py`, groups=${this.groups}`;
      if (this.bias === null) s += ', bias=False';
      return s;
    }
  }
  class ConvTranspose1d extends ConvTransposeNd { constructor(...a) { super(1, 'ConvTranspose1d', a); } }
  class ConvTranspose2d extends ConvTransposeNd { constructor(...a) { super(2, 'ConvTranspose2d', a); } }

  // 1-D pooling and adaptive max pooling modules (torch/nn/modules/pooling.py)
  class MaxPool1d extends MaxPool2d {
    forward(input) {
      return max_pool1d(input, this.kernel_size, this.stride, this.padding, this.dilation, { ceil_mode: this.ceil_mode, return_indices: this.return_indices });
    }
  }
  const single = (v) => (Array.isArray(v) ? v.slice() : [v]);
  class AvgPool1d extends Module {
    constructor(...a) {
      super();
      const o = bind('AvgPool1d.__init__', a, ['kernel_size', 'stride', 'padding', 'ceil_mode', 'count_include_pad'],
        { stride: null, padding: 0, ceil_mode: false, count_include_pad: true });
      this.kernel_size = single(o.kernel_size);
      this.stride = single(isNone(o.stride) ? o.kernel_size : o.stride);
      this.padding = single(o.padding);
      this.ceil_mode = !!o.ceil_mode;
      this.count_include_pad = !!o.count_include_pad;
    }
    forward(input) { return avg_pool1d(input, this.kernel_size, this.stride, this.padding, this.ceil_mode, this.count_include_pad); }
    extra_repr() { return py`kernel_size=${pyTuple(this.kernel_size)}, stride=${pyTuple(this.stride)}, padding=${pyTuple(this.padding)}`; }
  }
  class AdaptiveAvgPool1d extends _AdaptiveAvgPoolNd {
    forward(input) { return adaptive_avg_pool1d(input, this.output_size); }
  }
  class AdaptiveMaxPool2d extends Module {
    constructor(...a) {
      super();
      const o = bind(`${new.target.name}.__init__`, a, ['output_size', 'return_indices'], { return_indices: false });
      this.output_size = o.output_size;
      this.return_indices = !!o.return_indices;
    }
    forward(input) { return adaptive_max_pool2d(input, this.output_size, this.return_indices); }
    extra_repr() { return py`output_size=${pyVal(this.output_size)}`; }
  }
  class AdaptiveMaxPool1d extends AdaptiveMaxPool2d {
    forward(input) { return adaptive_max_pool1d(input, this.output_size, this.return_indices); }
  }

  // nn.Upsample and its two deprecated fixed-mode forms (torch/nn/modules/upsampling.py)
  class Upsample extends Module {
    constructor(...a) {
      super();
      const o = bind('Upsample.__init__', a, ['size', 'scale_factor', 'mode', 'align_corners', 'recompute_scale_factor'],
        { size: null, scale_factor: null, mode: 'nearest', align_corners: null, recompute_scale_factor: null });
      this._init(o.size, o.scale_factor, o.mode, o.align_corners, o.recompute_scale_factor);
    }
    _init(size, scale, mode, ac, recompute) {
      this.name = this.constructor.name;
      this.size = size ?? null;
      // a JS array stands for Python's tuple here: float() of each factor
      this.scale_factor = Array.isArray(scale) ? scale.map(floatOf) : scale ? floatOf(scale) : null;
      this.mode = mode;
      this.align_corners = ac ?? null;
      this.recompute_scale_factor = recompute ?? null;
    }
    forward(input) {
      return interpolate(input, this.size, this.scale_factor, this.mode, this.align_corners, { recompute_scale_factor: this.recompute_scale_factor });
    }
    extra_repr() {
      const sf = this.scale_factor;
      let info = sf !== null ? py`scale_factor=${Array.isArray(sf) ? (sf.length === 1 ? py`(${pyFloat(sf[0])},)` : py`(${sf.map(pyFloat).join(', ')})`) : pyFloat(sf)}`
        : py`size=${this.size === null ? 'None' : pyVal(this.size)}`;
      info += py`, mode=${this.mode}`;
      return info;
    }
  }
  class UpsamplingNearest2d extends Upsample {
    constructor(...a) {
      const o = bind('UpsamplingNearest2d.__init__', a, ['size', 'scale_factor'], { size: null, scale_factor: null });
      super({ size: o.size, scale_factor: o.scale_factor, mode: 'nearest' });
    }
  }
  class UpsamplingBilinear2d extends Upsample {
    constructor(...a) {
      const o = bind('UpsamplingBilinear2d.__init__', a, ['size', 'scale_factor'], { size: null, scale_factor: null });
      super({ size: o.size, scale_factor: o.scale_factor, mode: 'bilinear', align_corners: true });
    }
  }
  return {
    functional: { conv1d, conv2d, max_pool2d, avg_pool2d, adaptive_avg_pool2d, interpolate, upsample, upsample_nearest, upsample_bilinear,
      max_pool1d, avg_pool1d, adaptive_avg_pool1d, adaptive_max_pool1d, adaptive_max_pool2d, conv_transpose1d, conv_transpose2d,
      lp_pool1d, lp_pool2d,
      // the *_with_indices forms: the pools with return_indices, whatever is passed for it (1.13's boolean_dispatch)
      max_pool1d_with_indices: withIndices(max_pool1d, 'max_pool1d_with_indices', ['input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode', 'return_indices']),
      max_pool2d_with_indices: withIndices(max_pool2d, 'max_pool2d_with_indices', ['input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode', 'return_indices']),
      adaptive_max_pool1d_with_indices: withIndices(adaptive_max_pool1d, 'adaptive_max_pool1d_with_indices', ['input', 'output_size', 'return_indices']),
      adaptive_max_pool2d_with_indices: withIndices(adaptive_max_pool2d, 'adaptive_max_pool2d_with_indices', ['input', 'output_size', 'return_indices']) },
    classes: { Conv1d, Conv2d, MaxPool2d, AvgPool2d, LPPool1d, LPPool2d, AdaptiveAvgPool2d, Flatten, Unflatten, Upsample, UpsamplingNearest2d, UpsamplingBilinear2d,
      MaxPool1d, AvgPool1d, AdaptiveAvgPool1d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, ConvTranspose1d, ConvTranspose2d },
  };
}

export function install(torch) {
  torchRef = torch;
  torch.conv1d = conv1d;
  torch.conv2d = conv2d;
  torch.conv_transpose1d = conv_transpose1d;
  torch.conv_transpose2d = conv_transpose2d;
  torch.max_pool2d = (...a) => {
    const o = bind('max_pool2d', a, ['input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode'], { stride: [], padding: 0, dilation: 1, ceil_mode: false });
    return max_pool2d(o.input, o.kernel_size, o.stride, o.padding, o.dilation, o.ceil_mode);
  };
}
