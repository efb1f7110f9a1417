# nn.MultiheadAttention and the nn.Transformer family: initialisation under manual_seed, repr,
# attention weights, masks (bool, float, key padding), batch_first, kdim/vdim, bias_kv,
# zero attention, the graph, gradients, and a short training loop of a TransformerEncoder.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
mha = nn.MultiheadAttention(4, 2)
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
x = torch.randn(3, 2, 4, requires_grad=True)
out, w = mha(x, x, x)
print(out, w)
print(out.grad_fn.name(), w.grad_fn.name())
out.pow(2).sum().backward()
print(x.grad)
print(mha.in_proj_weight.grad.sum(), mha.out_proj.bias.grad)

causal = torch.triu(torch.ones(3, 3, dtype=torch.bool), diagonal=1)
out, w = mha(x, x, x, attn_mask=causal)
print(w)
pad = torch.tensor([[False, False, True], [False, True, True]])
out, w = mha(x, x, x, key_padding_mask=pad, average_attn_weights=False)
print(w.shape, w[1])
fmask = torch.zeros(3, 3)
fmask[0, 2] = float('-inf')
out, w = mha(x, x, x, attn_mask=fmask, key_padding_mask=pad)
print(w[0])
out, w = mha(x, x, x, need_weights=False)
print(w, out.shape)

torch.manual_seed(1)
bf = nn.MultiheadAttention(6, 3, batch_first=True, kdim=5, vdim=2, add_bias_kv=True, add_zero_attn=True)
print([(n, tuple(p.shape)) for n, p in bf.named_parameters()])
q, k, v = torch.randn(2, 4, 6), torch.randn(2, 3, 5), torch.randn(2, 3, 2)
out, w = bf(q, k, v)
print(out[0], w.shape, w[1])
un = nn.MultiheadAttention(4, 1, bias=False)
print(un(x[:, 0], x[:, 0], x[:, 0])[1])
print(F.multi_head_attention_forward(x, x, x, 4, 2, mha.in_proj_weight, mha.in_proj_bias, None, None, False, 0.0,
                                     mha.out_proj.weight, mha.out_proj.bias)[1][0])

torch.manual_seed(2)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.1)
print(layer)
enc = nn.TransformerEncoder(layer, num_layers=2)
print(len(enc.layers), enc.layers[0].linear1.weight.equal(enc.layers[1].linear1.weight))
src = torch.randn(5, 3, 8)
print(enc(src)[0])
enc.eval()
with torch.no_grad():
    print(enc(src, mask=nn.Transformer.generate_square_subsequent_mask(5))[:, 0])
print(nn.Transformer.generate_square_subsequent_mask(4))

torch.manual_seed(3)
model = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 4, 32, dropout=0.0, activation='gelu', norm_first=True), 2,
                              norm=nn.LayerNorm(8))
head = nn.Linear(8, 3)
opt = torch.optim.Adam(list(model.parameters()) + list(head.parameters()), lr=1e-2)
data = torch.randn(6, 4, 8)
target = torch.randint(0, 3, (4,))
for step in range(8):
    opt.zero_grad()
    loss = F.cross_entropy(head(model(data).mean(0)), target)
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.4f}")

torch.manual_seed(4)
dec_layer = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
dec = nn.TransformerDecoder(dec_layer, 1)
memory, tgt = torch.randn(2, 5, 8), torch.randn(2, 3, 8)
print(dec(tgt, memory, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3))[1])
t = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=16, dropout=0.0)
print(sum(p.numel() for p in t.parameters()), t(torch.randn(5, 2, 8), torch.randn(3, 2, 8)).shape)

for f in [lambda: nn.MultiheadAttention(5, 2),
          lambda: mha(torch.randn(2, 3, 4, 1), x, x),
          lambda: mha(x, x[:2], x),
          lambda: mha(x, x, x, attn_mask=torch.zeros(2, 2)),
          lambda: mha(x, x, x, key_padding_mask=torch.zeros(2, 3, dtype=torch.long)),
          lambda: mha(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.long)),
          lambda: mha(torch.randn(3, 2, 5), torch.randn(3, 2, 5), torch.randn(3, 2, 5)),
          lambda: nn.TransformerEncoderLayer(8, 2, activation='tanh'),
          lambda: t(torch.randn(5, 2, 8), torch.randn(3, 1, 8))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)

# an unbatched query is unsqueezed into three new tensors, so even self-attention projects q, k
# and v separately (1.13's graph)
torch.manual_seed(5)
m = nn.MultiheadAttention(4, 2)
x = torch.randn(3, 4, requires_grad=True)
o, w = m(x, x, x)
names = set()


def walk(f, depth=0):
    if f is None or depth > 12:
        return
    names.add(f.name())
    for n, _ in f.next_functions:
        walk(n, depth + 1)


walk(o.grad_fn)
print(sorted(names))
o.sum().backward()
print(x.grad)
