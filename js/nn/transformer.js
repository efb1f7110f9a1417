// Attention and transformers: F.multi_head_attention_forward, nn.MultiheadAttention and the
// nn.Transformer family of PyTorch 1.13. No kernel of their own: 1.13 composes them in Python
// (torch/nn/functional.py, torch/nn/modules/activation.py and transformer.py) from linear, chunk,
// view, transpose, bmm/baddbmm, softmax, dropout and layer_norm, and so does this file, op for op,
// so that values, gradients, random streams (initialisation, dropout) and the grad_fn graph are
// 1.13's. Not here: 1.13's inference fast paths (torch._native_multi_head_attention and
// torch._transformer_encoder_layer_fwd, taken in eval mode with batch_first, an even head count
// and no gradient), whose fused kernels may round differently; this file always composes.
// nn.js calls makeTransformer with its Module machinery (no import cycle) when it builds torch.nn.
import { TensorError } from '../core/wasm.js';
import { bind, attributeError } from '../core/args.js';
import { describe } from '../core/dtype.js';
import { Tensor } from '../tensor/tensor.js';

/** Python's `assert cond, msg` in 1.13's code: an AssertionError (a JS Error in JS). */
function assert(cond, msg) {
  if (!cond) throw Object.assign(new TensorError(msg), { pythonType: 'AssertionError' });
}
const given = (t) => t !== null && t !== undefined;
/** Python's `a is b` for tensors: the same core tensor (Python mode hands each argument its own wrapper). */
const same = (a, b) => a === b || (a instanceof Tensor && b instanceof Tensor && !a.is_disposed && !b.is_disposed && a._ptr === b._ptr);
const sameShape = (a, b) => a.ndim === b.ndim && a.shape.every((d, i) => d === b.shape[i]);
const shapeIs = (t, dims) => t.ndim === dims.length && dims.every((d, i) => t.shape[i] === d);
/** v as 1.13's code first uses it as a tensor (v.dim(), v.size(-1)): Python's AttributeError otherwise. */
const tensorFor = (v, attr) => {
  if (v instanceof Tensor) return v;
  throw attributeError(v, attr);
};
/** forward(...) called without a required argument: Python's TypeError. */
const required = (cls, o, names) => {
  const missing = names.filter((n) => o[n] === undefined);
  if (missing.length) {
    throw new TypeError(`${cls}.forward() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${missing.map((n) => `'${n}'`).join(' and ')}`);
  }
};
const pyTuple = (dims) => `(${dims.join(', ')}${dims.length === 1 ? ',' : ''})`;

export function makeTransformer({ torch, Module, Parameter, init, Linear, LayerNorm, Dropout, ModuleList }) {
  const F = () => torch.nn.functional;

  /** _mha_shape_check: whether the input is batched (3-D query), with 1.13's assertions. */
  function shapeCheck(query, key, value, kpm, mask, numHeads) {
    tensorFor(query, 'dim');
    if (query.ndim === 3 || query.ndim === 2) {
      tensorFor(key, 'dim');
      tensorFor(value, 'dim');
      if (given(kpm)) tensorFor(kpm, 'dim');
      if (given(mask)) tensorFor(mask, 'dim');
    }
    if (query.ndim === 3) {
      assert(key.ndim === 3 && value.ndim === 3, `For batched (3-D) \`query\`, expected \`key\` and \`value\` to be 3-D but found ${key.ndim}-D and ${value.ndim}-D tensors respectively`);
      if (given(kpm)) assert(kpm.ndim === 2, `For batched (3-D) \`query\`, expected \`key_padding_mask\` to be \`None\` or 2-D but found ${kpm.ndim}-D tensor instead`);
      if (given(mask)) assert(mask.ndim === 2 || mask.ndim === 3, `For batched (3-D) \`query\`, expected \`attn_mask\` to be \`None\`, 2-D or 3-D but found ${mask.ndim}-D tensor instead`);
      return true;
    }
    if (query.ndim === 2) {
      assert(key.ndim === 2 && value.ndim === 2, `For unbatched (2-D) \`query\`, expected \`key\` and \`value\` to be 2-D but found ${key.ndim}-D and ${value.ndim}-D tensors respectively`);
      if (given(kpm)) assert(kpm.ndim === 1, `For unbatched (2-D) \`query\`, expected \`key_padding_mask\` to be \`None\` or 1-D but found ${kpm.ndim}-D tensor instead`);
      if (given(mask)) {
        assert(mask.ndim === 2 || mask.ndim === 3, `For unbatched (2-D) \`query\`, expected \`attn_mask\` to be \`None\`, 2-D or 3-D but found ${mask.ndim}-D tensor instead`);
        if (mask.ndim === 3) {
          const want = [numHeads, query.shape[0], key.shape[0]];
          assert(shapeIs(mask, want), `Expected \`attn_mask\` shape to be ${pyTuple(want)} but got ${mask.shape}`);
        }
      }
      return false;
    }
    throw Object.assign(new TensorError(`query should be unbatched 2D or batched 3D tensor but received ${query.ndim}-D query tensor`), { pythonType: 'AssertionError' });
  }
  const kpmDtypeCheck = (kpm) => {
    if (given(kpm)) tensorFor(kpm, 'dtype');
    if (given(kpm) && kpm.dtype.name !== 'bool' && !kpm.dtype.is_floating_point) {
      throw Object.assign(new TensorError('only bool and floating types of key_padding_mask are supported'), { pythonType: 'AssertionError' });
    }
  };

  /** _in_projection_packed: one linear when q, k and v are one tensor, two when k and v are. */
  function projectPacked(q, k, v, w, b) {
    const E = q.size(-1);
    if (same(k, v)) {
      if (same(q, k)) return F().linear(q, w, b).chunk(3, -1);
      const [wq, wkv] = w.split([E, E * 2]);
      const [bq, bkv] = given(b) ? b.split([E, E * 2]) : [null, null];
      return [F().linear(q, wq, bq), ...F().linear(k, wkv, bkv).chunk(2, -1)];
    }
    const [wq, wk, wv] = w.chunk(3);
    const [bq, bk, bv] = given(b) ? b.chunk(3) : [null, null, null];
    return [F().linear(q, wq, bq), F().linear(k, wk, bk), F().linear(v, wv, bv)];
  }
  /** _in_projection: separate q, k and v weights (kdim / vdim other than embed_dim). */
  function projectSeparate(q, k, v, wq, wk, wv, bq, bk, bv) {
    const Eq = q.size(-1), Ek = k.size(-1), Ev = v.size(-1);
    const want = (t, dims, what) => assert(shapeIs(t, dims), `expecting ${what} shape of ${pyTuple(dims)}, but got ${t.shape}`);
    want(wq, [Eq, Eq], 'query weights');
    want(wk, [Eq, Ek], 'key weights');
    want(wv, [Eq, Ev], 'value weights');
    if (given(bq)) want(bq, [Eq], 'query bias');
    if (given(bk)) want(bk, [Eq], 'key bias');
    if (given(bv)) want(bv, [Eq], 'value bias');
    return [F().linear(q, wq, bq), F().linear(k, wk, bk), F().linear(v, wv, bv)];
  }

  const MHA_PARAMS = ['query', 'key', 'value', 'embed_dim_to_check', 'num_heads', 'in_proj_weight', 'in_proj_bias', 'bias_k', 'bias_v',
    'add_zero_attn', 'dropout_p', 'out_proj_weight', 'out_proj_bias', 'training', 'key_padding_mask', 'need_weights', 'attn_mask',
    'use_separate_proj_weight', 'q_proj_weight', 'k_proj_weight', 'v_proj_weight', 'static_k', 'static_v', 'average_attn_weights'];
  const MHA_DEFAULTS = { training: true, key_padding_mask: null, need_weights: true, attn_mask: null, use_separate_proj_weight: false,
    q_proj_weight: null, k_proj_weight: null, v_proj_weight: null, static_k: null, static_v: null, average_attn_weights: true };

  /** F.multi_head_attention_forward: [attn_output, attn_output_weights or null]. */
  function multi_head_attention_forward(...a) {
    const o = bind('multi_head_attention_forward', a, MHA_PARAMS, MHA_DEFAULTS);
    let { query, key, value, key_padding_mask: kpm, attn_mask: mask, dropout_p: dropoutP } = o;
    const numHeads = o.num_heads;
    const batched = shapeCheck(query, key, value, kpm, mask, numHeads);
    if (!batched) {
      // three new tensors, as 1.13's: the in-projection then takes its separate path even for self-attention
      query = query.unsqueeze(1);
      key = key.unsqueeze(1);
      value = value.unsqueeze(1);
      if (given(kpm)) kpm = kpm.unsqueeze(0);
    }
    const [tgtLen, bsz, embedDim] = query.shape;
    kpmDtypeCheck(kpm);
    assert(embedDim === o.embed_dim_to_check, `was expecting embedding dimension of ${o.embed_dim_to_check}, but got ${embedDim}`);
    const headDim = Math.floor(embedDim / numHeads);
    assert(headDim * numHeads === embedDim, `embed_dim ${embedDim} not divisible by num_heads ${numHeads}`);
    if (o.use_separate_proj_weight) {
      assert(key.shape[0] === value.shape[0] && key.shape[1] === value.shape[1],
        `key's sequence and batch dims torch.Size([${key.shape.slice(0, 2).join(', ')}]) do not match value's torch.Size([${value.shape.slice(0, 2).join(', ')}])`);
    } else {
      assert(sameShape(key, value), `key shape ${key.shape} does not match value shape ${value.shape}`);
    }
    let q, k, v;
    if (!o.use_separate_proj_weight) {
      assert(given(o.in_proj_weight), 'use_separate_proj_weight is False but in_proj_weight is None');
      [q, k, v] = projectPacked(query, key, value, o.in_proj_weight, o.in_proj_bias);
    } else {
      for (const n of ['q', 'k', 'v']) assert(given(o[`${n}_proj_weight`]), `use_separate_proj_weight is True but ${n}_proj_weight is None`);
      const [bq, bk, bv] = given(o.in_proj_bias) ? o.in_proj_bias.chunk(3) : [null, null, null];
      [q, k, v] = projectSeparate(query, key, value, o.q_proj_weight, o.k_proj_weight, o.v_proj_weight, bq, bk, bv);
    }
    if (given(mask)) {
      assert(mask.dtype.is_floating_point || mask.dtype.name === 'bool', `Only float, byte, and bool types are supported for attn_mask, not ${mask.dtype}`);
      if (mask.ndim === 2) {
        if (!shapeIs(mask, [tgtLen, key.shape[0]])) throw new TensorError(`The shape of the 2D attn_mask is ${mask.shape}, but should be (${tgtLen}, ${key.shape[0]}).`);
        mask = mask.unsqueeze(0);
      } else if (mask.ndim === 3) {
        if (!shapeIs(mask, [bsz * numHeads, tgtLen, key.shape[0]])) throw new TensorError(`The shape of the 3D attn_mask is ${mask.shape}, but should be (${bsz * numHeads}, ${tgtLen}, ${key.shape[0]}).`);
      } else {
        throw new TensorError(`attn_mask's dimension ${mask.ndim} is not supported`);
      }
    }
    if (given(o.bias_k) && given(o.bias_v)) {
      assert(!given(o.static_k), 'bias cannot be added to static key.');
      assert(!given(o.static_v), 'bias cannot be added to static value.');
      k = torch.cat([k, o.bias_k.repeat(1, bsz, 1)]);
      v = torch.cat([v, o.bias_v.repeat(1, bsz, 1)]);
      if (given(mask)) mask = F().pad(mask, [0, 1]);
      if (given(kpm)) kpm = F().pad(kpm, [0, 1]);
    } else {
      assert(!given(o.bias_k), '');
      assert(!given(o.bias_v), '');
    }
    q = q.contiguous().view(tgtLen, bsz * numHeads, headDim).transpose(0, 1);
    const staticOr = (t, st, name) => {
      if (!given(st)) return t.contiguous().view(t.shape[0], bsz * numHeads, headDim).transpose(0, 1);
      assert(st.size(0) === bsz * numHeads, `expecting ${name}.size(0) of ${bsz * numHeads}, but got ${st.size(0)}`);
      assert(st.size(2) === headDim, `expecting ${name}.size(2) of ${headDim}, but got ${st.size(2)}`);
      return st;
    };
    k = staticOr(k, o.static_k, 'static_k');
    v = staticOr(v, o.static_v, 'static_v');
    if (o.add_zero_attn) {
      const zeros = (t) => torch.zeros([bsz * numHeads, 1, headDim], { dtype: t.dtype });
      k = torch.cat([k, zeros(k)], 1);
      v = torch.cat([v, zeros(v)], 1);
      if (given(mask)) mask = F().pad(mask, [0, 1]);
      if (given(kpm)) kpm = F().pad(kpm, [0, 1]);
    }
    const srcLen = k.size(1);
    if (given(kpm)) {
      assert(shapeIs(kpm, [bsz, srcLen]), `expecting key_padding_mask shape of (${bsz}, ${srcLen}), but got ${kpm.shape}`);
      kpm = kpm.view(bsz, 1, 1, srcLen).expand(-1, numHeads, -1, -1).reshape(bsz * numHeads, 1, srcLen);
      if (!given(mask)) mask = kpm;
      else if (mask.dtype.name === 'bool') mask = mask.logical_or(kpm);
      else mask = mask.masked_fill(kpm, -Infinity);
    }
    if (given(mask) && mask.dtype.name === 'bool') {
      const m = torch.zeros_like(mask, { dtype: q.dtype });
      m.masked_fill_(mask, -Infinity);
      mask = m;
    }
    if (!o.training) dropoutP = 0;
    const E = q.shape[2];
    const qScaled = q.div(Math.sqrt(E));
    let w = given(mask) ? torch.baddbmm(mask, qScaled, k.transpose(-2, -1)) : torch.bmm(qScaled, k.transpose(-2, -1));
    w = F().softmax(w, -1);
    if (dropoutP > 0) w = F().dropout(w, dropoutP);
    let out = torch.bmm(w, v);
    out = out.transpose(0, 1).contiguous().view(tgtLen * bsz, embedDim);
    out = F().linear(out, o.out_proj_weight, o.out_proj_bias);
    out = out.view(tgtLen, bsz, out.size(1));
    if (!o.need_weights) return [batched ? out : out.squeeze(1), null];
    w = w.view(bsz, numHeads, tgtLen, srcLen);
    if (o.average_attn_weights) w = w.sum(1).div(numHeads);
    return batched ? [out, w] : [out.squeeze(1), w.squeeze(0)];
  }

  /** The output projection of nn.MultiheadAttention (a Linear under 1.13's own name). */
  class NonDynamicallyQuantizableLinear extends Linear {}

  const checkedInt = (cls, k, v) => {
    if (!Number.isInteger(v)) throw new TypeError(`${cls}.__init__(): argument '${k}' must be int, not ${describe(v)}`);
  };

  class MultiheadAttention extends Module {
    constructor(...a) {
      super();
      const o = bind('MultiheadAttention.__init__', a, ['embed_dim', 'num_heads', 'dropout', 'bias', 'add_bias_kv', 'add_zero_attn', 'kdim', 'vdim',
        'batch_first', 'device', 'dtype'], { dropout: 0, bias: true, add_bias_kv: false, add_zero_attn: false, kdim: null, vdim: null, batch_first: false });
      checkedInt('MultiheadAttention', 'embed_dim', o.embed_dim);
      checkedInt('MultiheadAttention', 'num_heads', o.num_heads);
      const dt = given(o.dtype) ? { dtype: o.dtype } : {};
      const E = o.embed_dim;
      this.embed_dim = E;
      this.kdim = given(o.kdim) ? o.kdim : E;
      this.vdim = given(o.vdim) ? o.vdim : E;
      this._qkv_same_embed_dim = this.kdim === E && this.vdim === E;
      this.num_heads = o.num_heads;
      this.dropout = o.dropout;
      this.batch_first = o.batch_first;
      this.head_dim = Math.floor(E / o.num_heads);
      assert(this.head_dim * o.num_heads === E, 'embed_dim must be divisible by num_heads');
      if (!this._qkv_same_embed_dim) {
        this.q_proj_weight = new Parameter(torch.empty([E, E], dt));
        this.k_proj_weight = new Parameter(torch.empty([E, this.kdim], dt));
        this.v_proj_weight = new Parameter(torch.empty([E, this.vdim], dt));
        this.register_parameter('in_proj_weight', null);
      } else {
        this.in_proj_weight = new Parameter(torch.empty([3 * E, E], dt));
        this.register_parameter('q_proj_weight', null);
        this.register_parameter('k_proj_weight', null);
        this.register_parameter('v_proj_weight', null);
      }
      if (o.bias) this.in_proj_bias = new Parameter(torch.empty(3 * E, dt));
      else this.register_parameter('in_proj_bias', null);
      this.out_proj = new NonDynamicallyQuantizableLinear(E, E, { bias: o.bias, ...dt });
      if (o.add_bias_kv) {
        this.bias_k = new Parameter(torch.empty([1, 1, E], dt));
        this.bias_v = new Parameter(torch.empty([1, 1, E], dt));
      } else {
        this.bias_k = null;
        this.bias_v = null;
      }
      this.add_zero_attn = o.add_zero_attn;
      this._reset_parameters();
    }
    _reset_parameters() {
      if (this._qkv_same_embed_dim) init.xavier_uniform_(this.in_proj_weight);
      else for (const n of ['q', 'k', 'v']) init.xavier_uniform_(this[`${n}_proj_weight`]);
      if (given(this.in_proj_bias)) {
        init.constant_(this.in_proj_bias, 0);
        init.constant_(this.out_proj.bias, 0);
      }
      if (given(this.bias_k)) init.xavier_normal_(this.bias_k);
      if (given(this.bias_v)) init.xavier_normal_(this.bias_v);
    }
    /** forward(query, key, value, {key_padding_mask, need_weights, attn_mask, average_attn_weights}):
     *  [attn_output, attn_output_weights or null]. */
    forward(...a) {
      const o = bind('forward', a, ['query', 'key', 'value', 'key_padding_mask', 'need_weights', 'attn_mask', 'average_attn_weights'],
        { key_padding_mask: null, need_weights: true, attn_mask: null, average_attn_weights: true });
      required('MultiheadAttention', o, ['query', 'key', 'value']);
      let { query, key, value } = o;
      tensorFor(query, 'dim');
      const batched = query.ndim === 3;
      kpmDtypeCheck(o.key_padding_mask);
      if (this.batch_first && batched) {
        if (same(key, value)) {
          if (same(query, key)) query = key = value = query.transpose(1, 0);
          else { [query, key] = [query, key].map((x) => x.transpose(1, 0)); value = key; }
        } else {
          [query, key, value] = [query, key, value].map((x) => x.transpose(1, 0));
        }
      }
      const common = { training: this.training, key_padding_mask: o.key_padding_mask, need_weights: o.need_weights, attn_mask: o.attn_mask,
        average_attn_weights: o.average_attn_weights };
      const sep = this._qkv_same_embed_dim ? {} : { use_separate_proj_weight: true, q_proj_weight: this.q_proj_weight,
        k_proj_weight: this.k_proj_weight, v_proj_weight: this.v_proj_weight };
      const [out, weights] = multi_head_attention_forward(query, key, value, this.embed_dim, this.num_heads, this.in_proj_weight,
        this.in_proj_bias, this.bias_k, this.bias_v, this.add_zero_attn, this.dropout, this.out_proj.weight, this.out_proj.bias,
        { ...common, ...sep });
      return [this.batch_first && batched ? out.transpose(1, 0) : out, weights];
    }
  }

  /** _get_activation_fn: 'relu' / 'gelu' or the function itself. */
  function activationOf(act) {
    if (typeof act !== 'string') return act;
    if (act === 'relu') return F().relu;
    if (act === 'gelu') return F().gelu;
    throw new TensorError(`activation should be relu/gelu, not ${act}`);
  }
  const LAYER_PARAMS = ['d_model', 'nhead', 'dim_feedforward', 'dropout', 'activation', 'layer_norm_eps', 'batch_first', 'norm_first', 'device', 'dtype'];
  const layerDefaults = () => ({ dim_feedforward: 2048, dropout: 0.1, activation: F().relu, layer_norm_eps: 1e-5, batch_first: false, norm_first: false });
  const factory = (o) => (given(o.dtype) ? { dtype: o.dtype } : {});
  /** self.activation(x) / self.norm(x): a function or a module; Python's TypeError for anything else. */
  const apply = (m, ...a) => {
    if (typeof m === 'function') return m(...a);
    if (m instanceof Module) return m.call(...a);
    throw new TypeError(`'${describe(m)}' object is not callable`);
  };

  /** The submodules of an encoder (cross false) or decoder layer, registered in 1.13's order (it
   *  decides parameters() and the initialisation's random stream). */
  function layerModules(layer, o, cross) {
    const dt = factory(o);
    const attn = () => new MultiheadAttention(o.d_model, o.nhead, { dropout: o.dropout, batch_first: o.batch_first, ...dt });
    layer.self_attn = attn();
    if (cross) layer.multihead_attn = attn();
    layer.linear1 = new Linear(o.d_model, o.dim_feedforward, dt);
    layer.dropout = new Dropout(o.dropout);
    layer.linear2 = new Linear(o.dim_feedforward, o.d_model, dt);
    layer.norm_first = o.norm_first;
    const n = cross ? 3 : 2;
    for (let i = 1; i <= n; i++) layer[`norm${i}`] = new LayerNorm(o.d_model, { eps: o.layer_norm_eps, ...dt });
    for (let i = 1; i <= n; i++) layer[`dropout${i}`] = new Dropout(o.dropout);
  }

  /** The self-attention and feed-forward blocks both layers share (the feed-forward's last dropout:
   *  dropout2 in an encoder layer, dropout3 in a decoder layer). */
  class LayerBlocks extends Module {
    _sa_block(x, mask, kpm) {
      return this.dropout1.call(this.self_attn.call(x, x, x, { attn_mask: mask, key_padding_mask: kpm, need_weights: false })[0]);
    }
    _ff_block(x) {
      return this[this._ffDropout].call(this.linear2.call(this.dropout.call(apply(this.activation, this.linear1.call(x)))));
    }
  }

  class TransformerEncoderLayer extends LayerBlocks {
    constructor(...a) {
      super();
      const o = bind('TransformerEncoderLayer.__init__', a, LAYER_PARAMS, layerDefaults());
      layerModules(this, o, false);
      const act = activationOf(o.activation);
      this.activation_relu_or_gelu = act === F().relu || act instanceof torch.nn.ReLU ? 1 : act === F().gelu || act instanceof torch.nn.GELU ? 2 : 0;
      this.activation = act;
    }
    get _ffDropout() { return 'dropout2'; }
    forward(...a) {
      const o = bind('forward', a, ['src', 'src_mask', 'src_key_padding_mask'], { src_mask: null, src_key_padding_mask: null });
      required('TransformerEncoderLayer', o, ['src']);
      kpmDtypeCheck(o.src_key_padding_mask);
      let x = tensorFor(o.src, 'dim');
      if (this.norm_first) {
        x = x.add(this._sa_block(this.norm1.call(x), o.src_mask, o.src_key_padding_mask));
        x = x.add(this._ff_block(this.norm2.call(x)));
      } else {
        x = this.norm1.call(x.add(this._sa_block(x, o.src_mask, o.src_key_padding_mask)));
        x = this.norm2.call(x.add(this._ff_block(x)));
      }
      return x;
    }
  }

  class TransformerDecoderLayer extends LayerBlocks {
    constructor(...a) {
      super();
      const o = bind('TransformerDecoderLayer.__init__', a, LAYER_PARAMS, layerDefaults());
      layerModules(this, o, true);
      this.activation = activationOf(o.activation);
    }
    get _ffDropout() { return 'dropout3'; }
    forward(...a) {
      const o = bind('forward', a, ['tgt', 'memory', 'tgt_mask', 'memory_mask', 'tgt_key_padding_mask', 'memory_key_padding_mask'],
        { tgt_mask: null, memory_mask: null, tgt_key_padding_mask: null, memory_key_padding_mask: null });
      required('TransformerDecoderLayer', o, ['tgt', 'memory']);
      let x = tensorFor(o.tgt, 'dim');
      const mem = o.memory;
      if (this.norm_first) {
        x = x.add(this._sa_block(this.norm1.call(x), o.tgt_mask, o.tgt_key_padding_mask));
        x = x.add(this._mha_block(this.norm2.call(x), mem, o.memory_mask, o.memory_key_padding_mask));
        x = x.add(this._ff_block(this.norm3.call(x)));
      } else {
        x = this.norm1.call(x.add(this._sa_block(x, o.tgt_mask, o.tgt_key_padding_mask)));
        x = this.norm2.call(x.add(this._mha_block(x, mem, o.memory_mask, o.memory_key_padding_mask)));
        x = this.norm3.call(x.add(this._ff_block(x)));
      }
      return x;
    }
    _mha_block(x, mem, mask, kpm) {
      return this.dropout2.call(this.multihead_attn.call(x, mem, mem, { attn_mask: mask, key_padding_mask: kpm, need_weights: false })[0]);
    }
  }

  /** _get_clones: a ModuleList of N deep copies (each with its own parameters). */
  const clones = (m, n) => {
    // Python builds the whole list of copies first, then ModuleList refuses a non-module: that
    // refusal, at once; a count no memory holds is Python's MemoryError
    if (n >= 1 && m !== null && m !== undefined && !(m instanceof Module)) new ModuleList([m]);
    if (n > 2 ** 24) throw Object.assign(new TensorError(`MemoryError: ${n} deep copies of the layer cannot be held in memory`), { pythonType: 'MemoryError' });
    return new ModuleList(Array.from({ length: Math.max(0, n) }, () => torch.deepcopy(m)));
  };

  class TransformerEncoder extends Module {
    constructor(...a) {
      super();
      const o = bind('TransformerEncoder.__init__', a, ['encoder_layer', 'num_layers', 'norm', 'enable_nested_tensor', 'mask_check'],
        { norm: null, enable_nested_tensor: true, mask_check: true });
      checkedInt('TransformerEncoder', 'num_layers', o.num_layers);
      this.layers = clones(o.encoder_layer, o.num_layers);
      this.num_layers = o.num_layers;
      this.norm = o.norm;
      this.enable_nested_tensor = o.enable_nested_tensor;
      this.mask_check = o.mask_check;
    }
    forward(...a) {
      const o = bind('forward', a, ['src', 'mask', 'src_key_padding_mask'], { mask: null, src_key_padding_mask: null });
      required('TransformerEncoder', o, ['src']);
      kpmDtypeCheck(o.src_key_padding_mask);
      let out = o.src;
      for (const layer of this.layers) out = layer.call(out, { src_mask: o.mask, src_key_padding_mask: o.src_key_padding_mask });
      return given(this.norm) ? apply(this.norm, out) : out;
    }
  }

  class TransformerDecoder extends Module {
    constructor(...a) {
      super();
      const o = bind('TransformerDecoder.__init__', a, ['decoder_layer', 'num_layers', 'norm'], { norm: null });
      checkedInt('TransformerDecoder', 'num_layers', o.num_layers);
      this.layers = clones(o.decoder_layer, o.num_layers);
      this.num_layers = o.num_layers;
      this.norm = o.norm;
    }
    forward(...a) {
      const o = bind('forward', a, ['tgt', 'memory', 'tgt_mask', 'memory_mask', 'tgt_key_padding_mask', 'memory_key_padding_mask'],
        { tgt_mask: null, memory_mask: null, tgt_key_padding_mask: null, memory_key_padding_mask: null });
      required('TransformerDecoder', o, ['tgt', 'memory']);
      let out = o.tgt;
      for (const layer of this.layers) {
        out = layer.call(out, o.memory, { tgt_mask: o.tgt_mask, memory_mask: o.memory_mask, tgt_key_padding_mask: o.tgt_key_padding_mask,
          memory_key_padding_mask: o.memory_key_padding_mask });
      }
      return given(this.norm) ? apply(this.norm, out) : out;
    }
  }

  class Transformer extends Module {
    constructor(...a) {
      super();
      const o = bind('Transformer.__init__', a, ['d_model', 'nhead', 'num_encoder_layers', 'num_decoder_layers', 'dim_feedforward', 'dropout',
        'activation', 'custom_encoder', 'custom_decoder', 'layer_norm_eps', 'batch_first', 'norm_first', 'device', 'dtype'],
      { d_model: 512, nhead: 8, num_encoder_layers: 6, num_decoder_layers: 6, dim_feedforward: 2048, dropout: 0.1, activation: F().relu,
        custom_encoder: null, custom_decoder: null, layer_norm_eps: 1e-5, batch_first: false, norm_first: false });
      const dt = factory(o);
      const layerArgs = [o.d_model, o.nhead, o.dim_feedforward, o.dropout, o.activation, o.layer_norm_eps, o.batch_first, o.norm_first, dt];
      if (given(o.custom_encoder)) this.encoder = o.custom_encoder;
      else this.encoder = new TransformerEncoder(new TransformerEncoderLayer(...layerArgs), o.num_encoder_layers, new LayerNorm(o.d_model, { eps: o.layer_norm_eps, ...dt }));
      if (given(o.custom_decoder)) this.decoder = o.custom_decoder;
      else this.decoder = new TransformerDecoder(new TransformerDecoderLayer(...layerArgs), o.num_decoder_layers, new LayerNorm(o.d_model, { eps: o.layer_norm_eps, ...dt }));
      this._reset_parameters();
      this.d_model = o.d_model;
      this.nhead = o.nhead;
      this.batch_first = o.batch_first;
    }
    forward(...a) {
      const o = bind('forward', a, ['src', 'tgt', 'src_mask', 'tgt_mask', 'memory_mask', 'src_key_padding_mask', 'tgt_key_padding_mask', 'memory_key_padding_mask'],
        { src_mask: null, tgt_mask: null, memory_mask: null, src_key_padding_mask: null, tgt_key_padding_mask: null, memory_key_padding_mask: null });
      required('Transformer', o, ['src', 'tgt']);
      const src = tensorFor(o.src, 'dim'), tgt = tensorFor(o.tgt, 'size');
      const batched = src.ndim === 3;
      if (batched && src.size(this.batch_first ? 0 : 1) !== tgt.size(this.batch_first ? 0 : 1)) throw new TensorError('the batch number of src and tgt must be equal');
      if (src.size(-1) !== this.d_model || tgt.size(-1) !== this.d_model) throw new TensorError('the feature number of src and tgt must be equal to d_model');
      const memory = this.encoder.call(src, { mask: o.src_mask, src_key_padding_mask: o.src_key_padding_mask });
      return this.decoder.call(tgt, memory, { tgt_mask: o.tgt_mask, memory_mask: o.memory_mask, tgt_key_padding_mask: o.tgt_key_padding_mask,
        memory_key_padding_mask: o.memory_key_padding_mask });
    }
    /** A float mask of -inf above the diagonal (position i sees 0..i). */
    static generate_square_subsequent_mask(sz) {
      return torch.triu(torch.full([sz, sz], -Infinity), 1);
    }
    _reset_parameters() {
      for (const p of this.parameters()) if (p.ndim > 1) init.xavier_uniform_(p);
    }
  }

  return {
    functional: { multi_head_attention_forward },
    classes: { MultiheadAttention, NonDynamicallyQuantizableLinear, TransformerEncoderLayer, TransformerEncoder, TransformerDecoderLayer, TransformerDecoder, Transformer },
  };
}
