"""torch.autograd.functional: vjp, jvp, jacobian, hessian, vhp, hvp as in 1.13 (its
reverse-mode forms), each a composition of torch.autograd.grad calls. jvp and hvp use the
double-backward trick, as 1.13 does; vectorize=True gives the same values row by row
(tensorpad has no vmap), the forward-mode strategies are not available (no forward AD)."""
import torch


def _as_tuple(inp, arg_name, fn_name):
    is_tuple = isinstance(inp, tuple)
    if not is_tuple:
        inp = (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, torch.Tensor):
            where = f'the value at index {i}' if is_tuple else f'the given {arg_name}'
            raise TypeError(f'The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors '
                            f'but {where} has type {type(el)}.')
    return is_tuple, inp


def _tuple_postprocess(res, to_unpack):
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs, create_graph, need_graph):
    return tuple(inp.view_as(inp) if create_graph and inp.requires_grad else inp.detach().requires_grad_(need_graph)
                 for inp in inputs)


def _grad_postprocess(inputs, create_graph):
    if isinstance(inputs[0], torch.Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f'v is a tuple of invalid length: should be {len(other)} but got {len(v)}.')
        raise RuntimeError('The given v should contain a single Tensor.')
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f'Entry {idx} in ' if is_other_tuple else ''
            raise RuntimeError(f'{prepend}v has invalid size: should be {el_other.size()} but got {el_v.size()}.')


_INDEPENDENT = {
    'hessian': 'The hessian of the user-provided function with respect to input {} is independent of the input. '
               'This is not allowed in strict mode. You should ensure that your function is thrice differentiable '
               'and that the hessian depends on the inputs.',
    'jacobian': 'While computing the hessian, found that the jacobian of the user-provided function with respect to '
                'input {} is independent of the input. This is not allowed in strict mode. You should ensure that '
                'your function is twice differentiable and that the jacobian depends on the inputs (this would be '
                'violated by a linear function for example).',
    'grad_inputs': 'The gradient with respect to input {} is independent of the inputs of the user-provided '
                   'function. This is not allowed in strict mode.',
    'outputs': 'Output {} of the user-provided function does not require gradients. The outputs must be computed '
               'in a differentiable manner from the input when running in strict mode.',
}


def _check_requires_grad(inputs, input_type, strict):
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise RuntimeError(f'The output of the user-provided function is independent of input {i}. '
                               'This is not allowed in strict mode.')
        if not inp.requires_grad:
            raise RuntimeError(_INDEPENDENT[input_type].format(i))


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    return torch.autograd.grad(tuple(o for o, _ in pairs), inputs, tuple(g for _, g in pairs), allow_unused=True, create_graph=create_graph,
                               retain_graph=retain_graph)


_ZERO_STAGE = {
    'back': 'The output of the user-provided function is independent of input {}. This is not allowed in strict mode.',
    'back_trick': 'The gradient with respect to the input is independent of entry {} in the grad_outputs when '
                  'using the double backward trick to compute forward mode gradients. This is not allowed in strict mode.',
    'double_back': 'The jacobian of the user-provided function is independent of input {}. This is not allowed in strict mode.',
    'double_back_trick': 'The hessian of the user-provided function is independent of entry {} in the grad_jacobian. '
                         'This is not allowed in strict mode as it prevents from using the double backward trick to '
                         'replace forward mode AD.',
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    res = ()
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_ZERO_STAGE[stage].format(i))
            g = torch.zeros_like(refs[i])
        elif strict and create_graph and not g.requires_grad:
            what = 'hessian' if 'double' in stage else 'jacobian'
            raise RuntimeError(f'The {what} of the user-provided function is independent of input {i}. '
                               'This is not allowed in strict mode when create_graph=True.')
        res += (g,)
    return res


def _prepare_v(v, against, is_tuple, create_graph, fn_name, none_msg):
    if v is not None:
        _, v = _as_tuple(v, 'v', fn_name)
        v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
        _validate_v(v, against, is_tuple)
    elif len(against) != 1 or against[0].nelement() != 1:
        raise RuntimeError(none_msg)
    return v


_V_NONE_INPUT = ('The vector v can only be None if the input to the user-provided function is a single Tensor '
                 'with a single element.')


def _start(inputs, fn_name, create_graph):
    is_tuple, inputs = _as_tuple(inputs, 'inputs', fn_name)
    return is_tuple, _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)


def _last_grad(outputs, wrt, v, refs, strict, create_graph, stage):
    """The final autograd.grad of each function, under grad mode only if create_graph."""
    with torch.set_grad_enabled(True if create_graph else torch.is_grad_enabled()):
        return _fill_in_zeros(_autograd_grad(outputs, wrt, v, create_graph=create_graph), refs, strict, create_graph, stage)


def _results(outputs, res, create_graph, is_outputs_tuple, is_res_tuple):
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(res, create_graph), is_res_tuple))


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_inputs_tuple, inputs = _start(inputs, 'vjp', create_graph)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, 'outputs of the user-provided function', 'vjp')
        _check_requires_grad(outputs, 'outputs', strict=strict)
        v = _prepare_v(v, outputs, is_outputs_tuple, create_graph, 'vjp',
                       'The vector v can only be None if the user-provided function returns a single Tensor '
                       'with a single element.')
        res = _last_grad(outputs, inputs, v, inputs, strict, create_graph, 'back')
    return _results(outputs, res, create_graph, is_outputs_tuple, is_inputs_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_inputs_tuple, inputs = _start(inputs, 'jvp', create_graph)
        v = _prepare_v(v, inputs, is_inputs_tuple, create_graph, 'jvp', _V_NONE_INPUT)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, 'outputs of the user-provided function', 'jvp')
        _check_requires_grad(outputs, 'outputs', strict=strict)
        # the double backward trick: the gradient of <grad_outputs, J> with respect to grad_outputs
        grad_outputs = tuple(torch.zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, 'grad_inputs', strict=strict)
        res = _last_grad(grad_inputs, grad_outputs, v, outputs, strict, create_graph, 'back_trick')
    return _results(outputs, res, create_graph, is_outputs_tuple, is_outputs_tuple)


def _no_forward_mode(fn_name):
    raise NotImplementedError(f'torch.autograd.functional.{fn_name}: the "forward-mode" strategy needs forward-mode '
                              'AD, which tensorpad does not have; use "reverse-mode"')


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy='reverse-mode'):
    assert strategy in ('forward-mode', 'reverse-mode'), (
        'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
        'function has more outputs than inputs, "forward-mode" tends to be more performant. '
        'Otherwise, prefer to use "reverse-mode".')
    if strategy == 'forward-mode':
        if create_graph:
            raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` '
                                      'and `strategy="forward-mode"` are not supported together (yet). '
                                      'Please either set `create_graph=False` or '
                                      '`strategy="reverse-mode"`.')
        _no_forward_mode('jacobian')
    with torch.enable_grad():
        is_inputs_tuple, inputs = _start(inputs, 'jacobian', create_graph)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, 'outputs of the user-provided function', 'jacobian')
        _check_requires_grad(outputs, 'outputs', strict=strict)
        if vectorize and strict:
            raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` '
                               'and `vectorized=True` are not supported together. '
                               'Please either set `strict=False` or '
                               '`vectorize=False`.')
        jac = ()
        for i, out in enumerate(outputs):
            rows = tuple([] for _ in inputs)
            flat = out.reshape(-1)
            for j in range(out.nelement()):
                vj = _autograd_grad((flat[j],), inputs, retain_graph=True, create_graph=create_graph)
                for k, (row, g, inp) in enumerate(zip(rows, vj, inputs)):
                    if g is not None:
                        if strict and create_graph and not g.requires_grad:
                            raise RuntimeError('The jacobian of the user-provided function is not connected to the '
                                               f'input {k}. This is not allowed in strict mode when create_graph=True.')
                        row.append(g)
                    else:
                        if strict:
                            raise RuntimeError(f'Output {i} of the user-provided function is independent of input {k}.'
                                               ' This is not allowed in strict mode.')
                        row.append(torch.zeros_like(inp))
            jac += (tuple(torch.stack(row, dim=0).view(out.size() + inputs[k].size()) if row
                          else torch.zeros(out.size() + inputs[k].size(), dtype=inputs[k].dtype)
                          for k, row in enumerate(rows)),)
        jac = _grad_postprocess(jac, create_graph)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy='reverse-mode'):
    is_inputs_tuple, inputs = _as_tuple(inputs, 'inputs', 'hessian')
    assert outer_jacobian_strategy in ('forward-mode', 'reverse-mode'), (
        'Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, 'outputs of the user-provided function', 'hessian')
        _check_requires_grad(t_out, 'outputs', strict=strict)
        if is_out_tuple or not isinstance(out, torch.Tensor):
            raise RuntimeError('The function given to hessian should return a single Tensor')
        if out.nelement() != 1:
            raise RuntimeError('The Tensor returned by the function given to hessian should contain a single element')
        return out.squeeze()

    def jac_func(*inp):
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, 'jacobian', strict=strict)
        return jac

    if outer_jacobian_strategy == 'forward-mode':
        _no_forward_mode('hessian')
    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def _gradient_of(func, inputs, v, create_graph, strict, fn_name):
    """vhp's and hvp's first steps: the inputs and v checked, func's one-element output and
    its gradient (with a graph)."""
    is_inputs_tuple, inputs = _start(inputs, fn_name, create_graph)
    v = _prepare_v(v, inputs, is_inputs_tuple, create_graph, fn_name, _V_NONE_INPUT)
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, 'outputs of the user-provided function', fn_name)
    _check_requires_grad(outputs, 'outputs', strict=strict)
    if is_outputs_tuple or not isinstance(outputs[0], torch.Tensor):
        raise RuntimeError(f'The function given to {fn_name} should return a single Tensor')
    if outputs[0].nelement() != 1:
        raise RuntimeError(f'The Tensor returned by the function given to {fn_name} should contain a single element')
    jac = _autograd_grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, 'jacobian', strict=strict)
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _gradient_of(func, inputs, v, create_graph, strict, 'vhp')
        res = _last_grad(jac, inputs, v, inputs, strict, create_graph, 'double_back')
    return _results(outputs, res, create_graph, is_outputs_tuple, is_inputs_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _gradient_of(func, inputs, v, create_graph, strict, 'hvp')
        grad_jac = tuple(torch.zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, 'hessian', strict=strict)
        res = _last_grad(double_back, grad_jac, v, inputs, strict, create_graph, 'double_back_trick')
    return _results(outputs, res, create_graph, is_outputs_tuple, is_inputs_tuple)
