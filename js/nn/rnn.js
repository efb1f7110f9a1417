// Recurrent layers: nn.RNNCell, nn.LSTMCell, nn.GRUCell and the multi-layer nn.RNN, nn.LSTM,
// nn.GRU of PyTorch 1.13. No kernel of their own: each cell is composed from linear (addmm),
// unsafe_chunk, sigmoid, tanh, mul and add exactly as ATen's CPU cells compose them
// (aten/src/ATen/native/RNN.cpp: SimpleCell, LSTMCell, GRUCell), so values, gradients and the
// grad_fn graph follow 1.13's; the layers run ATen's FullLayer / bidirectional layer
// decomposition (one linear over the whole sequence, unbind, a cell per step, stack, cat).
// The argument checks and messages are those of torch/nn/modules/rnn.py and RNN.cpp.
// nn.js calls makeRnn with its Module machinery (no import cycle) when it builds torch.nn.
import { TensorError } from '../core/wasm.js';
import { bind, warn } from '../core/args.js';
import { describe, py, pyFloat } from '../core/dtype.js';
import { asTensor } from '../tensor/tensor.js';

/** The wasm heap's ceiling (the Makefile's -sMAXIMUM_MEMORY=2GB). */
const HEAP_MAX = 2 ** 31;
/** An RNN whose parameters together pass the heap's ceiling (`GRU(3, 1, 2**53)`) fails at once
 *  with the allocator's text for the parameter that crosses it, instead of making millions of
 *  layers first (PyTorch would run for as long; here the heap cannot hold them). */
function heapCanHold(gate, o, dirs, dt) {
  const item = dt?.dtype?.itemsize ?? 4, g = gate * o.hidden_size;
  const shapes = (layer) => {
    const inSize = layer === 0 ? o.input_size : o.hidden_size * dirs;
    return [g * inSize, g * o.hidden_size, ...(o.bias ? [g, g] : [])];
  };
  const perLayer = (layer) => dirs * shapes(layer).reduce((a, b) => a + b, 0) * item;
  const first = perLayer(0), rest = o.num_layers > 1 ? perLayer(1) : 0;
  if (first + rest * (o.num_layers - 1) <= HEAP_MAX) return;
  // the layer where the running total crosses the ceiling, then its parameter
  let total = 0, layer = 0;
  if (first <= HEAP_MAX) { total = first; layer = 1 + Math.floor((HEAP_MAX - first) / rest); total += (layer - 1) * rest; }
  for (let d = 0; d < dirs; d++) {
    for (const n of shapes(layer)) {
      total += n * item;
      if (total > HEAP_MAX) {
        throw new TensorError(`[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: you tried to allocate ${n * item} bytes. Error code 12 (Cannot allocate memory)`);
      }
    }
  }
}

/** Python's repr of an int tuple of three: (1, 2, 5). */
const pyTuple = (t) => `(${t.join(', ')})`;

export function makeRnn({ torch, Module, Parameter, init, pyBool }) {
  const F = () => torch.nn.functional;
  /** CellParams::linear_ih / linear_hh: at::linear (addmm for 2-D with bias, a fused addmm
   *  over the flattened sequence for contiguous 3-D, else matmul). */
  const lin = (x, w, b) => F().linear(x, w, b);
  const dtOpt = (o) => (o.dtype === undefined || o.dtype === null ? {} : { dtype: o.dtype });
  const checkInt = (cls, k, v) => {
    if (!Number.isInteger(v)) throw new TypeError(`${typeof cls === 'string' ? cls : 'RNNBase'}.__init__(): argument '${k}' must be int, not ${describe(v)}`);
  };

  // ---- the cells of RNN.cpp; pre = the input is already linear_ih(input) (the layers' CPU path) --
  // SimpleCell: act(linear_hh(h) + linear_ih(x))
  const simpleCell = (relu) => (x, h, p, pre) => {
    const g = lin(h, p[1], p[3]).add(pre ? x : lin(x, p[0], p[2]));
    return relu ? g.relu() : g.tanh();
  };
  // LSTMCell: gates chunk(4, 1) in order i, f, g, o; c' = f*c + i*g; h' = o*tanh(c')
  const lstmCell = (x, [h, c], p, pre) => {
    const gates = lin(h, p[1], p[3]).add(pre ? x : lin(x, p[0], p[2]));
    const [i, f, g, o] = gates.unsafe_chunk(4, 1);
    const cy = f.sigmoid().mul(c).add(i.sigmoid().mul(g.tanh()));
    return [o.sigmoid().mul(cy.tanh()), cy];
  };
  // GRUCell: r, z, n; n = tanh(i_n + r * h_n); h' = (h - n) * z + n
  const gruCell = (x, h, p, pre) => {
    const ig = (pre ? x : lin(x, p[0], p[2])).unsafe_chunk(3, 1);
    const hg = lin(h, p[1], p[3]).unsafe_chunk(3, 1);
    const r = hg[0].add(ig[0]).sigmoid();
    const z = hg[1].add(ig[1]).sigmoid();
    const n = ig[2].add(hg[2].mul(r)).tanh();
    return h.sub(n).mul(z).add(n);
  };

  /** Python's assert in the cells' forward. */
  function cellInput(name, input) {
    asTensor(input, `${name}.forward`, 'input', 1);
    if (input.ndim !== 1 && input.ndim !== 2) {
      throw new TensorError(`${name}: Expected input to be 1-D or 2-D but received ${input.ndim}-D tensor`);
    }
    return input.ndim === 2;
  }
  /** check_rnn_cell_forward_input / _hidden of RNN.cpp (the LSTM cell labels both states 0). */
  function cellChecks(cell, input, hs) {
    if (input.shape[1] !== cell.input_size) {
      throw new TensorError(`input has inconsistent input_size: got ${input.shape[1]} expected ${cell.input_size}`);
    }
    for (const h of hs) {
      if (input.shape[0] !== h.shape[0]) throw new TensorError(`Input batch size ${input.shape[0]} doesn't match hidden0 batch size ${h.shape[0]}`);
      if (h.shape[1] !== cell.hidden_size) throw new TensorError(`hidden0 has inconsistent hidden_size: got ${h.shape[1]}, expected ${cell.hidden_size}`);
    }
  }

  class RNNCellBase extends Module {
    constructor(cls, o, numChunks) {
      super();
      if (o === null || typeof o !== 'object') throw new TypeError("RNNCellBase.__init__(): tensorpad's RNNCellBase is the common base of RNNCell, LSTMCell and GRUCell; construct one of those");
      for (const k of ['input_size', 'hidden_size']) checkInt(cls, k, o[k]);
      this.input_size = o.input_size;
      this.hidden_size = o.hidden_size;
      this.bias = !!o.bias;
      const dt = dtOpt(o), n = numChunks * o.hidden_size;
      this.weight_ih = new Parameter(torch.empty([n, o.input_size], dt));
      this.weight_hh = new Parameter(torch.empty([n, o.hidden_size], dt));
      this.bias_ih = o.bias ? new Parameter(torch.empty([n], dt)) : null;
      this.bias_hh = o.bias ? new Parameter(torch.empty([n], dt)) : null;
      this.reset_parameters();
    }
    /** Every parameter ~ U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)), in registration order. */
    reset_parameters() {
      const stdv = this.hidden_size > 0 ? 1.0 / Math.sqrt(this.hidden_size) : 0;
      for (const w of this.parameters()) init.uniform_(w, -stdv, stdv);
    }
    _params() { return [this.weight_ih, this.weight_hh, this.bias_ih, this.bias_hh]; }
    extra_repr() {
      let s = py`${this.input_size}, ${this.hidden_size}`;
      if (!this.bias) s += ', bias=False';
      if (this.nonlinearity !== undefined && this.nonlinearity !== 'tanh') s += py`, nonlinearity=${this.nonlinearity}`;
      return s;
    }
  }

  /** RNNCell's and GRUCell's hidden state: zeros (batch, hidden) by default, else the tensor
   *  given, made batched like the input. */
  function cellHx(cell, fname, input, hx, batched) {
    if (hx === null || hx === undefined) return torch.zeros([input.shape[0], cell.hidden_size], { dtype: input.dtype });
    const h = asTensor(hx, fname, 'hx', 2);
    return batched ? h : h.unsqueeze(0);
  }

  class RNNCell extends RNNCellBase {
    constructor(...a) {
      const o = bind('RNNCell.__init__', a, ['input_size', 'hidden_size', 'bias', 'nonlinearity', 'device', 'dtype'], { bias: true, nonlinearity: 'tanh' });
      super('RNNCell', o, 1);
      this.nonlinearity = o.nonlinearity;
    }
    forward(...a) {
      let { input, hx } = bind('RNNCell.forward', a, ['input', 'hx'], { hx: null });
      const batched = cellInput('RNNCell', input);
      if (!batched) input = input.unsqueeze(0);
      hx = cellHx(this, 'RNNCell.forward', input, hx, batched);
      if (this.nonlinearity !== 'tanh' && this.nonlinearity !== 'relu') throw new TensorError(`Unknown nonlinearity: ${this.nonlinearity}`);
      cellChecks(this, input, [hx]);
      const ret = simpleCell(this.nonlinearity === 'relu')(input, hx, this._params(), false);
      return batched ? ret : ret.squeeze(0);
    }
  }

  class LSTMCell extends RNNCellBase {
    constructor(...a) {
      super('LSTMCell', bind('LSTMCell.__init__', a, ['input_size', 'hidden_size', 'bias', 'device', 'dtype'], { bias: true }), 4);
    }
    /** forward(input, [h, c] = zeros) -> [h', c'] */
    forward(...a) {
      let { input, hx } = bind('LSTMCell.forward', a, ['input', 'hx'], { hx: null });
      const batched = cellInput('LSTMCell', input);
      if (!batched) input = input.unsqueeze(0);
      if (hx === null || hx === undefined) {
        const zeros = torch.zeros([input.shape[0], this.hidden_size], { dtype: input.dtype });
        hx = [zeros, zeros];
      } else {
        hx = hxPair('LSTMCell.forward', hx);
        if (!batched) hx = [hx[0].unsqueeze(0), hx[1].unsqueeze(0)];
      }
      cellChecks(this, input, hx);
      const [h, c] = lstmCell(input, hx, this._params(), false);
      return batched ? [h, c] : [h.squeeze(0), c.squeeze(0)];
    }
  }

  class GRUCell extends RNNCellBase {
    constructor(...a) {
      super('GRUCell', bind('GRUCell.__init__', a, ['input_size', 'hidden_size', 'bias', 'device', 'dtype'], { bias: true }), 3);
    }
    forward(...a) {
      let { input, hx } = bind('GRUCell.forward', a, ['input', 'hx'], { hx: null });
      const batched = cellInput('GRUCell', input);
      if (!batched) input = input.unsqueeze(0);
      hx = cellHx(this, 'GRUCell.forward', input, hx, batched);
      cellChecks(this, input, [hx]);
      const ret = gruCell(input, hx, this._params(), false);
      return batched ? ret : ret.squeeze(0);
    }
  }

  /** An LSTM state: a pair [h, c] (Python's tuple). */
  function hxPair(fname, hx) {
    if (!Array.isArray(hx) || hx.length !== 2) throw new TypeError(`${fname}: hx must be an array [h_0, c_0] of two tensors, not ${describe(hx)}`);
    return [asTensor(hx[0], fname, 'hx[0]', 2), asTensor(hx[1], fname, 'hx[1]', 2)];
  }

  // ---- the layers: _rnn_impl / _lstm_impl of RNN.cpp ---------------------------------------
  /** FullLayer on CPU: linear_ih over the whole (T, B, I) sequence, then a cell per step; the
   *  reverse direction walks the steps backwards and re-reverses its outputs. */
  function runDirection(cell, lstm, input, h, p, reverse) {
    const steps = lin(input, p[0], p[2]).unbind(0);
    if (steps.length === 0) throw new TensorError('Expected sequence length to be larger than 0 in RNN');
    const outs = [];
    for (let k = 0; k < steps.length; k++) {
      h = cell(steps[reverse ? steps.length - 1 - k : k], h, p, true);
      outs.push(lstm ? h[0] : h);
    }
    if (reverse) outs.reverse();
    return [torch.stack(outs, 0), h];
  }

  class RNNBase extends Module {
    constructor(mode, cls, o) {
      super();
      if (o === null || typeof o !== 'object') throw new TypeError(`${typeof cls === 'string' ? cls : 'RNNBase.__init__'}(): tensorpad's RNNBase is the common base of RNN, LSTM and GRU; construct one of those`);
      for (const k of ['input_size', 'hidden_size', 'num_layers']) checkInt(cls, k, o[k]);
      this.mode = mode;
      this.input_size = o.input_size;
      this.hidden_size = o.hidden_size;
      this.num_layers = o.num_layers;
      this.bias = o.bias;
      this.batch_first = o.batch_first;
      this.dropout = Number(o.dropout);
      this.bidirectional = o.bidirectional;
      this.proj_size = o.proj_size;
      const dirs = o.bidirectional ? 2 : 1;
      if (typeof o.dropout !== 'number' || !(o.dropout >= 0 && o.dropout <= 1)) {
        throw new TensorError('dropout should be a number in range [0, 1] representing the probability of an element being zeroed');
      }
      if (o.dropout > 0 && o.num_layers === 1) {
        warn(`dropout option adds dropout after all but last recurrent layer, so non-zero dropout expects num_layers greater than 1, but got dropout=${o.dropout} and num_layers=${o.num_layers}`);
      }
      if (o.proj_size < 0) throw new TensorError('proj_size should be a positive integer or zero to disable projections');
      if (o.proj_size >= o.hidden_size) throw new TensorError('proj_size has to be smaller than hidden_size');
      if (o.proj_size > 0) throw new TensorError('tensorpad: LSTM proj_size > 0 is not supported');
      const gate = { LSTM: 4, GRU: 3 }[mode] ?? 1;
      const dt = dtOpt(o);
      Object.defineProperty(this, '_flat_weights_names', { value: [], enumerable: false });
      Object.defineProperty(this, '_all_weights', { value: [], enumerable: false });
      // A failed allocation (num_layers=2**53 runs the heap out) releases what the loop made at
      // once: left to the finalizers, the heap would stay full until the caller's code yields.
      const param = (shape) => {
        const t = torch.empty(shape, dt);   // released here, not by the collector: a loop of layers
        try { return new Parameter(t); } finally { t.dispose(); }
      };
      heapCanHold(gate, o, dirs, dt);
      try {
        for (let layer = 0; layer < o.num_layers; layer++) {
          for (let d = 0; d < dirs; d++) {
            const inSize = layer === 0 ? o.input_size : o.hidden_size * dirs;
            const sfx = `_l${layer}${d === 1 ? '_reverse' : ''}`;
            const names = [`weight_ih${sfx}`, `weight_hh${sfx}`];
            this[names[0]] = param([gate * o.hidden_size, inSize]);
            this[names[1]] = param([gate * o.hidden_size, o.hidden_size]);
            if (o.bias) {
              names.push(`bias_ih${sfx}`, `bias_hh${sfx}`);
              this[names[2]] = param([gate * o.hidden_size]);
              this[names[3]] = param([gate * o.hidden_size]);
            }
            this._flat_weights_names.push(...names);
            this._all_weights.push(names);
          }
        }
      } catch (e) {
        for (const p of this.parameters()) p.dispose();
        throw e;
      }
      this.reset_parameters();
    }
    get _flat_weights() { return this._flat_weights_names.map((n) => this[n]); }
    get all_weights() { return this._all_weights.map((ns) => ns.map((n) => this[n])); }
    flatten_parameters() {}
    reset_parameters() {
      const stdv = this.hidden_size > 0 ? 1.0 / Math.sqrt(this.hidden_size) : 0;
      for (const w of this.parameters()) init.uniform_(w, -stdv, stdv);
    }
    extra_repr() {
      let s = py`${this.input_size}, ${this.hidden_size}`;
      if (this.num_layers !== 1) s += py`, num_layers=${this.num_layers}`;
      if (this.bias !== true) s += py`, bias=${typeof this.bias === 'boolean' ? pyBool(this.bias) : this.bias}`;
      if (this.batch_first !== false) s += py`, batch_first=${typeof this.batch_first === 'boolean' ? pyBool(this.batch_first) : this.batch_first}`;
      if (this.dropout !== 0) s += py`, dropout=${pyFloat(this.dropout)}`;
      if (this.bidirectional !== false) s += py`, bidirectional=${typeof this.bidirectional === 'boolean' ? pyBool(this.bidirectional) : this.bidirectional}`;
      return s;
    }
    check_input(input) {
      if (input.ndim !== 3) throw new TensorError(`input must have 3 dimensions, got ${input.ndim}`);
      if (this.input_size !== input.shape[input.ndim - 1]) {
        throw new TensorError(`input.size(-1) must be equal to input_size. Expected ${this.input_size}, got ${input.shape[input.ndim - 1]}`);
      }
    }
    get_expected_hidden_size(input) {
      const mini = this.batch_first ? input.shape[0] : input.shape[1];
      return [this.num_layers * (this.bidirectional ? 2 : 1), mini, this.hidden_size];
    }
    check_hidden_size(hx, expected, msg = 'Expected hidden size') {
      const got = Array.from(hx.shape);
      if (got.length !== 3 || got.some((n, i) => n !== expected[i])) throw new TensorError(`${msg} ${pyTuple(expected)}, got [${got.join(', ')}]`);
    }
    /** _rnn_impl_with_concat / _lstm_impl: (T, B, I) in, apply_layer_stack, stacked finals. */
    _run(input, hiddens) {
      const lstm = this.mode === 'LSTM';
      const cell = lstm ? lstmCell : this.mode === 'GRU' ? gruCell : simpleCell(this.mode === 'RNN_RELU');
      const dirs = this.bidirectional ? 2 : 1;
      const p4 = (names) => [this[names[0]], this[names[1]], this[names[2]] ?? null, this[names[3]] ?? null];
      if (this.batch_first) input = input.transpose(0, 1);
      let layerInput = input;
      const finals = [];
      for (let l = 0; l < this.num_layers; l++) {
        const fw = runDirection(cell, lstm, layerInput, hiddens[l * dirs], p4(this._all_weights[l * dirs]), false);
        finals.push(fw[1]);
        let out = fw[0];
        if (dirs === 2) {
          const rev = runDirection(cell, lstm, layerInput, hiddens[l * dirs + 1], p4(this._all_weights[l * dirs + 1]), true);
          finals.push(rev[1]);
          out = torch.cat([fw[0], rev[0]], fw[0].ndim - 1);
        }
        layerInput = out;
        if (this.dropout !== 0 && this.training && l < this.num_layers - 1) layerInput = F().dropout(layerInput, this.dropout, true);
      }
      let output = layerInput;
      // aten::lstm returns output.transpose(0, 1); rnn_tanh / rnn_relu / gru transpose_ in place
      if (this.batch_first) output = lstm ? output.transpose(0, 1) : output.transpose_(0, 1);
      if (lstm) return [output, [torch.stack(finals.map((s) => s[0]), 0), torch.stack(finals.map((s) => s[1]), 0)]];
      return [output, torch.stack(finals, 0)];
    }
    /** RNN.forward / GRU.forward of rnn.py: (output, h_n). */
    _forwardPlain(name, a) {
      let { input, hx } = bind(`${name}.forward`, a, ['input', 'hx'], { hx: null });
      asTensor(input, `${name}.forward`, 'input', 1);
      const batched = input.ndim === 3, batchDim = this.batch_first ? 0 : 1;
      if (!batched) {
        input = input.unsqueeze(batchDim);
        if (hx !== null && hx !== undefined) {
          asTensor(hx, `${name}.forward`, 'hx', 2);
          if (hx.ndim !== 2) throw new TensorError(`For unbatched 2-D input, hx should also be 2-D but got ${hx.ndim}-D tensor`);
          hx = hx.unsqueeze(1);
        }
      } else if (hx !== null && hx !== undefined) {
        asTensor(hx, `${name}.forward`, 'hx', 2);
        if (hx.ndim !== 3) throw new TensorError(`For batched 3-D input, hx should also be 3-D but got ${hx.ndim}-D tensor`);
      }
      if (hx === null || hx === undefined) {
        const mb = this.batch_first ? input.shape[0] : input.shape[1];
        hx = torch.zeros([this.num_layers * (this.bidirectional ? 2 : 1), mb, this.hidden_size], { dtype: input.dtype });
      }
      this.check_input(input);
      this.check_hidden_size(hx, this.get_expected_hidden_size(input));
      let [output, hidden] = this._run(input, hx.unbind(0));
      if (!batched) {
        output = output.squeeze(batchDim);
        hidden = hidden.squeeze(1);
      }
      return [output, hidden];
    }
  }

  const layerOpts = (cls, a, extra = []) => {
    const o = bind(`${cls}.__init__`, a, ['input_size', 'hidden_size', 'num_layers', 'bias', 'batch_first', 'dropout', 'bidirectional', 'proj_size', 'device', 'dtype', ...extra],
      { num_layers: 1, bias: true, batch_first: false, dropout: 0, bidirectional: false, proj_size: 0, nonlinearity: 'tanh' });
    return o;
  };

  class RNN extends RNNBase {
    constructor(...a) {
      const o = layerOpts('RNN', a, ['nonlinearity']);
      if (a.length && a[a.length - 1] && typeof a[a.length - 1] === 'object' && 'proj_size' in a[a.length - 1]) {
        throw new TensorError('proj_size argument is only supported for LSTM, not RNN or GRU');
      }
      if (o.nonlinearity !== 'tanh' && o.nonlinearity !== 'relu') throw new TensorError(`Unknown nonlinearity '${o.nonlinearity}'`);
      super(o.nonlinearity === 'tanh' ? 'RNN_TANH' : 'RNN_RELU', 'RNN', o);
      this.nonlinearity = o.nonlinearity;
    }
    forward(...a) { return this._forwardPlain('RNN', a); }
  }

  class GRU extends RNNBase {
    constructor(...a) {
      if (a.length && a[a.length - 1] && typeof a[a.length - 1] === 'object' && 'proj_size' in a[a.length - 1]) {
        throw new TensorError('proj_size argument is only supported for LSTM, not RNN or GRU');
      }
      super('GRU', 'GRU', layerOpts('GRU', a));
    }
    forward(...a) { return this._forwardPlain('GRU', a); }
  }

  class LSTM extends RNNBase {
    constructor(...a) { super('LSTM', 'LSTM', layerOpts('LSTM', a)); }
    /** forward(input, [h_0, c_0] = zeros) -> [output, [h_n, c_n]] */
    forward(...a) {
      let { input, hx } = bind('LSTM.forward', a, ['input', 'hx'], { hx: null });
      asTensor(input, 'LSTM.forward', 'input', 1);
      const batched = input.ndim === 3, batchDim = this.batch_first ? 0 : 1;
      if (!batched) input = input.unsqueeze(batchDim);
      if (hx === null || hx === undefined) {
        const mb = this.batch_first ? input.shape[0] : input.shape[1];
        const shape = [this.num_layers * (this.bidirectional ? 2 : 1), mb, this.hidden_size];
        hx = [torch.zeros(shape, { dtype: input.dtype }), torch.zeros(shape, { dtype: input.dtype })];
      } else {
        hx = hxPair('LSTM.forward', hx);
        if (batched) {
          if (hx[0].ndim !== 3 || hx[1].ndim !== 3) {
            throw new TensorError(`For batched 3-D input, hx and cx should also be 3-D but got (${hx[0].ndim}-D, ${hx[1].ndim}-D) tensors`);
          }
        } else {
          if (hx[0].ndim !== 2 || hx[1].ndim !== 2) {
            throw new TensorError(`For unbatched 2-D input, hx and cx should also be 2-D but got (${hx[0].ndim}-D, ${hx[1].ndim}-D) tensors`);
          }
          hx = [hx[0].unsqueeze(1), hx[1].unsqueeze(1)];
        }
      }
      this.check_input(input);
      const expected = this.get_expected_hidden_size(input);
      this.check_hidden_size(hx[0], expected, 'Expected hidden[0] size');
      this.check_hidden_size(hx[1], expected, 'Expected hidden[1] size');
      const hs = hx[0].unbind(0), cs = hx[1].unbind(0);
      let [output, [h, c]] = this._run(input, hs.map((t, i) => [t, cs[i]]));
      if (!batched) {
        output = output.squeeze(batchDim);
        h = h.squeeze(1);
        c = c.squeeze(1);
      }
      return [output, [h, c]];
    }
  }

  return {
    functional: {},
    classes: { RNNCell, LSTMCell, GRUCell, RNN, LSTM, GRU, RNNCellBase, RNNBase },
  };
}
