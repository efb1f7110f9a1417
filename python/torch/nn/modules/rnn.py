"""RNNCell, LSTMCell, GRUCell and the multi-layer RNN, LSTM, GRU of PyTorch 1.13. The JS
library exposes no fused recurrent kernel, so each cell is composed from F.linear, chunk,
sigmoid, tanh, mul and add in the order ATen's CPU cells run them (RNN.cpp: SimpleCell,
LSTMCell, GRUCell), and a layer runs linear_ih over the whole sequence, then a cell per
step, as ATen's FullLayer does. Parameter names, registration order, init (uniform in
+-1/sqrt(hidden_size)), argument checks and messages follow torch/nn/modules/rnn.py."""
import math
import numbers
import warnings

import torch
from .module import Module
from .. import functional as F
from .. import init
from ..parameter import Parameter

__all__ = ['RNNBase', 'RNN', 'LSTM', 'GRU', 'RNNCellBase', 'RNNCell', 'LSTMCell', 'GRUCell']


# ---- the cells of RNN.cpp; `pre` = x is already linear_ih(x) (the layers' CPU path) ---------
def _simple_cell(relu):
    def cell(x, h, p, pre):
        g = F.linear(h, p[1], p[3]).add(x if pre else F.linear(x, p[0], p[2]))
        return g.relu() if relu else g.tanh()
    return cell


def _lstm_cell(x, hc, p, pre):
    # gates chunk(4, 1) in order i, f, g, o; c' = f*c + i*g; h' = o*tanh(c')
    h, c = hc
    gates = F.linear(h, p[1], p[3]).add(x if pre else F.linear(x, p[0], p[2]))
    i, f, g, o = gates.unsafe_chunk(4, 1)
    cy = f.sigmoid().mul(c).add(i.sigmoid().mul(g.tanh()))
    return o.sigmoid().mul(cy.tanh()), cy


def _gru_cell(x, h, p, pre):
    # r, z, n; n = tanh(i_n + r * h_n); h' = (h - n) * z + n
    ig = (x if pre else F.linear(x, p[0], p[2])).unsafe_chunk(3, 1)
    hg = F.linear(h, p[1], p[3]).unsafe_chunk(3, 1)
    r = hg[0].add(ig[0]).sigmoid()
    z = hg[1].add(ig[1]).sigmoid()
    n = ig[2].add(hg[2].mul(r)).tanh()
    return h.sub(n).mul(z).add(n)


def _cell_checks(cell, input, hs):
    """check_rnn_cell_forward_input / _hidden of RNN.cpp."""
    if input.size(1) != cell.input_size:
        raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected {cell.input_size}")
    for h in hs:
        if input.size(0) != h.size(0):
            raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden0 batch size {h.size(0)}")
        if h.size(1) != cell.hidden_size:
            raise RuntimeError(f"hidden0 has inconsistent hidden_size: got {h.size(1)}, expected {cell.hidden_size}")


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def extra_repr(self):
        s = '{input_size}, {hidden_size}'
        if 'bias' in self.__dict__ and self.bias is not True:
            s += ', bias={bias}'
        if 'nonlinearity' in self.__dict__ and self.nonlinearity != "tanh":
            s += ', nonlinearity={nonlinearity}'
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _params(self):
        return (self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


def _cell_input(name, input):
    assert input.dim() in (1, 2), \
        f"{name}: Expected input to be 1-D or 2-D but received {input.dim()}-D tensor"
    return input.dim() == 2


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        is_batched = _cell_input('RNNCell', input)
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError("Unknown nonlinearity: {}".format(self.nonlinearity))
        _cell_checks(self, input, [hx])
        ret = _simple_cell(self.nonlinearity == 'relu')(input, hx, self._params(), False)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        is_batched = _cell_input('LSTMCell', input)
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros)
        else:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if not is_batched else hx
        _cell_checks(self, input, hx)
        ret = _lstm_cell(input, hx, self._params(), False)
        if not is_batched:
            ret = (ret[0].squeeze(0), ret[1].squeeze(0))
        return ret


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        is_batched = _cell_input('GRUCell', input)
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        _cell_checks(self, input, [hx])
        ret = _gru_cell(input, hx, self._params(), False)
        return ret if is_batched else ret.squeeze(0)


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0., bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          "expects num_layers greater than 1, but got dropout={} and num_layers={}"
                          .format(dropout, num_layers))
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if proj_size > 0:
            raise NotImplementedError("tensorpad: LSTM with proj_size > 0 is not supported")
        gate_size = {'LSTM': 4, 'GRU': 3, 'RNN_TANH': 1, 'RNN_RELU': 1}.get(mode)
        if gate_size is None:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size *= hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else hidden_size * num_directions
                w_ih = Parameter(torch.empty((gate_size, layer_input_size), device=device, dtype=dtype))
                w_hh = Parameter(torch.empty((gate_size, hidden_size), device=device, dtype=dtype))
                b_ih = Parameter(torch.empty(gate_size, device=device, dtype=dtype))
                b_hh = Parameter(torch.empty(gate_size, device=device, dtype=dtype))
                layer_params = (w_ih, w_hh, b_ih, b_hh) if bias else (w_ih, w_hh)
                suffix = '_reverse' if direction == 1 else ''
                param_names = ['weight_ih_l{}{}', 'weight_hh_l{}{}']
                if bias:
                    param_names += ['bias_ih_l{}{}', 'bias_hh_l{}{}']
                param_names = [x.format(layer, suffix) for x in param_names]
                for name, param in zip(param_names, layer_params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(param_names)
                self._all_weights.append(param_names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, wn) if hasattr(self, wn) else None for wn in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self):
        pass

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes=None):
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError('input must have {} dimensions, got {}'.format(expected_input_dim, input.dim()))
        if self.input_size != input.size(-1):
            raise RuntimeError('input.size(-1) must be equal to input_size. Expected {}, got {}'.format(
                self.input_size, input.size(-1)))

    def get_expected_hidden_size(self, input, batch_sizes=None):
        mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size, msg='Expected hidden size {}, got {}'):
        if tuple(hx.size()) != tuple(expected_hidden_size):
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def extra_repr(self):
        s = '{input_size}, {hidden_size}'
        if self.proj_size != 0:
            s += ', proj_size={proj_size}'
        if self.num_layers != 1:
            s += ', num_layers={num_layers}'
        if self.bias is not True:
            s += ', bias={bias}'
        if self.batch_first is not False:
            s += ', batch_first={batch_first}'
        if self.dropout != 0:
            s += ', dropout={dropout}'
        if self.bidirectional is not False:
            s += ', bidirectional={bidirectional}'
        return s.format(**self.__dict__)

    def _run(self, input, hiddens):
        """_rnn_impl / _lstm_impl: (T, B, I) in; per layer a forward (and reverse) direction,
        dropout between layers in training, the final states stacked."""
        lstm = self.mode == 'LSTM'
        cell = _lstm_cell if lstm else _gru_cell if self.mode == 'GRU' else _simple_cell(self.mode == 'RNN_RELU')
        dirs = 2 if self.bidirectional else 1
        if self.batch_first:
            input = input.transpose(0, 1)
        layer_input = input
        finals = []
        for layer in range(self.num_layers):
            outs = []
            for d in range(dirs):
                names = self._all_weights[layer * dirs + d]
                p = [getattr(self, n) for n in names] + [None] * (4 - len(names))
                steps = F.linear(layer_input, p[0], p[2]).unbind(0)
                if len(steps) == 0:
                    raise RuntimeError('Expected sequence length to be larger than 0 in RNN')
                h = hiddens[layer * dirs + d]
                step_outs = []
                order = range(len(steps) - 1, -1, -1) if d == 1 else range(len(steps))
                for k in order:
                    h = cell(steps[k], h, p, True)
                    step_outs.append(h[0] if lstm else h)
                if d == 1:
                    step_outs.reverse()
                outs.append(torch.stack(step_outs, 0))
                finals.append(h)
            layer_input = outs[0] if dirs == 1 else torch.cat(outs, outs[0].dim() - 1)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        output = layer_input
        if self.batch_first:
            output = output.transpose(0, 1)
        if lstm:
            return output, (torch.stack([s[0] for s in finals], 0), torch.stack([s[1] for s in finals], 0))
        return output, torch.stack(finals, 0)

    def _forward_plain(self, input, hx):
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
        max_batch_size = input.size(0) if self.batch_first else input.size(1)
        if hx is None:
            num_directions = 2 if self.bidirectional else 1
            hx = torch.zeros(self.num_layers * num_directions, max_batch_size, self.hidden_size, dtype=input.dtype)
        self.check_input(input)
        self.check_hidden_size(hx, self.get_expected_hidden_size(input))
        output, hidden = self._run(input, hx.unbind(0))
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        self.nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if self.nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif self.nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError("Unknown nonlinearity '{}'".format(self.nonlinearity))
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_plain(input, hx)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if 'proj_size' in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__('GRU', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_plain(input, hx)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)

    def forward(self, input, hx=None):
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        max_batch_size = input.size(0) if self.batch_first else input.size(1)
        if hx is None:
            num_directions = 2 if self.bidirectional else 1
            shape = (self.num_layers * num_directions, max_batch_size, self.hidden_size)
            hx = (torch.zeros(shape, dtype=input.dtype), torch.zeros(shape, dtype=input.dtype))
        elif is_batched:
            if hx[0].dim() != 3 or hx[1].dim() != 3:
                raise RuntimeError(f"For batched 3-D input, hx and cx should also be 3-D but got "
                                   f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
        else:
            if hx[0].dim() != 2 or hx[1].dim() != 2:
                raise RuntimeError(f"For unbatched 2-D input, hx and cx should also be 2-D but got "
                                   f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
            hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_input(input)
        expected = self.get_expected_hidden_size(input)
        self.check_hidden_size(hx[0], expected, 'Expected hidden[0] size {}, got {}')
        self.check_hidden_size(hx[1], expected, 'Expected hidden[1] size {}, got {}')
        hs, cs = hx[0].unbind(0), hx[1].unbind(0)
        output, (h, c) = self._run(input, [(hs[i], cs[i]) for i in range(len(hs))])
        if not is_batched:
            output = output.squeeze(batch_dim)
            h, c = h.squeeze(1), c.squeeze(1)
        return output, (h, c)
