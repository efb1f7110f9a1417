// Training a small MLP: 128 noisy points around the corners of the unit square, labelled
// by XOR, learned by Linear -> Tanh -> Linear with Adam and cross-entropy. Each step runs in
// torch.scope, which frees that step's tensors at once (finalizers never run inside a
// synchronous loop), so memory stays flat however long the loop is.
// Run with `node examples/07-train-mlp.mjs`; it prints what PyTorch 1.13 prints.
import torch from '../js/tensorpad.js';

const { nn } = torch;
const print = (...xs) => console.log(xs.map(String).join(' '));

torch.manual_seed(0);
const corners = torch.randint(0, 2, [128, 2]);
const Y = corners.index(':', 0).ne(corners.index(':', 1)).long();
const X = corners.float().add(torch.randn(128, 2).mul(0.15));
print('# XOR: 128 noisy points around the corners of the unit square');
print(X.index(':4'));
print(Y.index(':4'));

const model = new nn.Sequential(new nn.Linear(2, 16), new nn.Tanh(), new nn.Linear(16, 2));
print(model);
print(model.parameters().reduce((n, p) => n + p.numel(), 0), 'parameters');
const optimizer = new torch.optim.Adam(model.parameters(), { lr: 0.05 });
const loss_fn = new nn.CrossEntropyLoss();

// In the playground, plot / progress draw the loss curve and the decision boundary live;
// in Node they do not exist and the `?.` calls do nothing.
const losses = [];
for (let step = 0; step <= 200; step++) {
  torch.scope(() => {
    optimizer.zero_grad();
    const loss = loss_fn.call(model.call(X), Y);
    loss.backward();
    optimizer.step();
    losses.push(loss.item());
    if (step % 25 === 0) print(`step ${String(step).padStart(3)}  loss ${loss.item().toFixed(4)}`);
    if (step % 10 === 0) {
      globalThis.plot?.(losses, { title: 'loss' });
      globalThis.plot?.scatter(X, Y, { title: 'XOR', boundary: (g) => torch.no_grad(() => model.call(g).softmax(1).index(':', 1)) });
      globalThis.progress?.(step, 200);
    }
  });
}

const [accuracy, probs] = torch.no_grad(() => [
  model.call(X).argmax(1).eq(Y).float().mean(),
  model.call(torch.tensor([[0, 0], [0, 1], [1, 0], [1, 1]], { dtype: torch.float32 })).softmax(1),
]);
print(`accuracy ${accuracy.item().toFixed(3)}`);
print(probs.index(':', 1).gt(0.5));
