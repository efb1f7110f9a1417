// Training a tiny CNN: 8×8 images holding one bright bar, vertical (class 1) or horizontal
// (class 0), at a random row or column, in noise. Conv2d -> ReLU -> MaxPool2d -> Conv2d ->
// ReLU -> AdaptiveAvgPool2d -> Flatten -> Linear learns to tell them apart, with Adam and
// cross-entropy; each step runs in torch.scope so memory stays flat.
// Run with `node examples/08-cnn.mjs`; it prints what PyTorch 1.13 prints.
import torch from '../js/tensorpad.js';

const { nn } = torch;
const print = (...xs) => console.log(xs.map(String).join(' '));

torch.manual_seed(0);
const n = 64;
const Y = torch.randint(0, 2, [n]);
const pos = torch.randint(1, 7, [n]).view(n, 1, 1, 1);
const idx = torch.arange(8);
const vertical = idx.view(1, 1, 1, 8).eq(pos).float();    // the column pos is bright
const horizontal = idx.view(1, 1, 8, 1).eq(pos).float();  // the row pos is bright
const isV = Y.view(n, 1, 1, 1).float();
const X = torch.randn(n, 1, 8, 8).mul(0.8).add(vertical.mul(isV)).add(horizontal.mul(isV.neg().add(1)));
print('# 64 images of 8x8 pixels, a bar in noise; labels (1 = vertical):');
print(X.shape, Y.index(':8'));
print(X.index(0, 0).gt(0.5).long());

const model = new nn.Sequential(
  new nn.Conv2d(1, 4, 3, { padding: 1 }), new nn.ReLU(), new nn.MaxPool2d(2),
  new nn.Conv2d(4, 8, 3), new nn.ReLU(), new nn.AdaptiveAvgPool2d(1),
  new nn.Flatten(), new nn.Linear(8, 2));
print(model);
print(model.parameters().reduce((k, p) => k + p.numel(), 0), 'parameters');
print('after the first conv:', model.children()[0].call(X).shape);
const optimizer = new torch.optim.Adam(model.parameters(), { lr: 0.01 });
const loss_fn = new nn.CrossEntropyLoss();

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

const accuracy = torch.no_grad(() => model.call(X).argmax(1).eq(Y).float().mean());
print(`accuracy ${accuracy.item().toFixed(3)}`);
