// Training a tiny LSTM: 32 sine waves with random phases, 12 samples each; the model reads a
// wave and predicts its next sample. nn.LSTM (batch_first) -> the last step's output ->
// nn.Linear, trained with Adam and the mean squared error; each step runs in torch.scope so
// memory stays flat.
// Run with `node examples/09-rnn.mjs`; it prints what PyTorch 1.13 prints.
import torch from '../js/tensorpad.js';

const { nn } = torch;
const print = (...xs) => console.log(xs.map(String).join(' '));

torch.manual_seed(0);
const n = 32, L = 12;
const phase = torch.rand(n, 1).mul(2 * Math.PI);
const t = torch.arange(L + 1).float().mul(0.5);
const wave = t.view(1, L + 1).add(phase).sin();     // (n, L + 1)
const X = wave.index(':', ':-1').unsqueeze(-1);       // (n, L, 1): the sequence
const Y = wave.index(':', -1).unsqueeze(-1);          // (n, 1): the sample that follows
print('# 32 sine waves of 12 samples; predict the 13th');
print(X.shape, Y.shape);
print(X.index(0).flatten());

class Net extends nn.Module {
  constructor() {
    super();
    this.lstm = new nn.LSTM(1, 16, { batch_first: true });
    this.head = new nn.Linear(16, 1);
  }
  forward(x) {
    const [out] = this.lstm.call(x);       // (n, L, 16): every step's hidden state
    return this.head.call(out.index(':', -1));
  }
}
const model = new Net();
print(model);
print(model.parameters().reduce((k, p) => k + p.numel(), 0), 'parameters');
const [out, [h, c]] = model.lstm.call(X);
print('LSTM output:', out.shape, 'h_n:', h.shape, 'c_n:', c.shape, out.grad_fn?.name());
const optimizer = new torch.optim.Adam(model.parameters(), { lr: 0.02 });
const loss_fn = new nn.MSELoss();

const losses = [];
for (let step = 0; step <= 60; step++) {
  torch.scope(() => {
    optimizer.zero_grad();
    const loss = loss_fn.call(model.call(X), Y);
    loss.backward();
    optimizer.step();
    losses.push(loss.item());
    if (step % 10 === 0) print(`step ${String(step).padStart(2)}  loss ${loss.item().toFixed(4)}`);
    if (step % 10 === 0) { globalThis.plot?.(losses, { title: 'loss' }); globalThis.progress?.(step, 60); }
  });
}

const pred = torch.no_grad(() => model.call(X));
print('predicted vs true, first 4 waves:');
for (let i = 0; i < 4; i++) print(`${pred.index(i, 0).item().toFixed(3)}  ${Y.index(i, 0).item().toFixed(3)}`);
