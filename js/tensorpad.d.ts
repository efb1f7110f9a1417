// TypeScript types of tensorpad's public API (PyTorch 1.13 names). Keep in step with
// docs/API.md and js/*.js.

export type Scalar = number | boolean | bigint;
export type NestedData = Scalar | Tensor | NestedData[];
export type HeapArray = Float32Array | Float64Array | Int32Array | BigInt64Array | Uint8Array;
export type SizeArgs = number[] | [number[]];

/** The names of the dtypes tensorpad has. */
export type DTypeName = 'float32' | 'float64' | 'int32' | 'int64' | 'bool';
/** What item() gives for a tensor of dtype D: a boolean for bool, a number for the others;
 *  `number` where the dtype is not known from the call (Tensor, i.e. Tensor<any>; bool
 *  tensors come from comparisons, logical ops, .bool(), torch.tensor([true]) and
 *  {dtype: torch.bool}, which are typed Tensor<'bool'>). */
export type ItemOf<D> = unknown extends D ? number : [D] extends ['bool'] ? boolean : 'bool' extends D ? number | boolean : number;
/** Nested arrays of booleans: data that torch.tensor makes a bool tensor of. */
export type NestedBool = boolean | NestedBool[];
/** The tensor a call with a dtype of name N makes: Tensor<'bool'> for bool; for the numeric
 *  dtypes plain Tensor (item() is a number either way, and `let x = ...; x = x.double()` stays valid). */
export type TensorOf<N> = [N] extends ['bool'] ? Tensor<'bool'> : 'bool' extends N ? Tensor<DTypeName> : Tensor;

declare class dtype<N extends DTypeName = DTypeName> {
  readonly name: N;
  readonly itemsize: number;
  readonly is_floating_point: boolean;
  readonly is_complex: false;
  readonly is_signed: boolean;
  toString(): string;
}

export declare class Size extends Array<number> {
  numel(): number;
  toString(): string;
}

/** A Python tuple of ints (stride()); prints as "(4, 1)". */
declare class Tuple extends Array<number> {
  toString(): string;
}

/** torch.device: any of PyTorch's device types can be named; only the CPU holds tensors
 *  (others throw PyTorch's CPU-build errors, e.g. "Torch not compiled with CUDA enabled"). */
export interface Device {
  readonly type: string;
  readonly index: number | null;
  toString(): string;
}

export declare class TensorError extends Error {}

declare class Slice {
  constructor(start?: number | null, stop?: number | null, step?: number | null);
  start: number | null;
  stop: number | null;
  step: number | null;
}

export interface CreateOptions {
  dtype?: dtype;
  device?: string | Device;
  requires_grad?: boolean;
  layout?: unknown;
  pin_memory?: boolean;
  memory_format?: unknown;
  /** rand, randn, randint, randperm, torch.normal; not the *_like functions (as 1.13). */
  generator?: Generator | null;
}

/** The keyword-only `generator` of a random draw (null: torch.default_generator). */
export interface GeneratorOption {
  generator?: Generator | null;
}

/** torch.Generator: PyTorch's CPU generator (mt19937 and a cached normal), state of its own. */
export declare class Generator {
  constructor(device?: string | Device | { device?: string | Device });
  readonly device: Device;
  /** -2^63 <= seed < 2^64; returns this generator. */
  manual_seed(seed: number | bigint): this;
  /** Seeds from crypto.getRandomValues (64 bits); returns the seed. */
  seed(): number | bigint;
  /** A Number when it is exact, else a BigInt. */
  initial_seed(): number | bigint;
  /** PyTorch's 5056 state bytes (CPUGeneratorImplState), as an int64 tensor of values 0..255. */
  get_state(): Tensor;
  /** A state from get_state, or PyTorch's bytes (5056, or the legacy 5048); returns this. */
  set_state(state: Tensor): this;
}

export type IndexKey = number | string | null | Slice | Tensor | NestedData[];

/** A tensor; D is its dtype's name when the call that made it says (Tensor: not known). */
export declare class Tensor<D extends DTypeName = any> {
  // attributes
  readonly dtype: dtype<D>;
  readonly device: Device;
  readonly shape: Size;
  readonly ndim: number;
  readonly is_leaf: boolean;
  readonly is_disposed: boolean;
  readonly T: Tensor<D>;
  readonly mT: Tensor<D>;
  readonly grad_fn: Node | null;
  readonly _version: number;
  requires_grad: boolean;
  grad: Tensor<D> | null;
  data: Tensor<D>;
  size(): Size;
  size(dim: number): number;
  stride(): Tuple;
  stride(dim: number): number;
  storage_offset(): number;
  dim(): number;
  ndimension(): number;
  numel(): number;
  nelement(): number;
  element_size(): number;
  is_contiguous(): boolean;
  is_floating_point(): boolean;
  item(): ItemOf<D>;
  tolist(): any;
  requires_grad_(requires_grad?: boolean): this;

  // lifetime and interop
  dispose(): void;
  numpy(): HeapArray;
  toString(): string;

  // copies and conversions
  clone(opts?: { memory_format?: unknown }): Tensor<D>;
  contiguous(): Tensor<D>;
  detach(): Tensor<D>;
  detach_(): this;
  to<N extends DTypeName>(dtype: dtype<N>, opts?: { copy?: boolean }): TensorOf<N>;
  to<N extends DTypeName>(other: Tensor<N>, opts?: { copy?: boolean }): Tensor<N>;
  to(dtype: dtype | string | Device | Tensor, opts?: { copy?: boolean }): Tensor;
  to<N extends DTypeName>(device: string | Device, dtype: dtype<N>, opts?: { copy?: boolean }): TensorOf<N>;
  to<N extends DTypeName>(opts: { dtype: dtype<N>; device?: string | Device; copy?: boolean }): TensorOf<N>;
  to(opts: { dtype?: dtype; device?: string | Device; copy?: boolean }): Tensor;
  type(): string;
  type<N extends DTypeName>(dtype: dtype<N>): TensorOf<N>;
  float(): Tensor;
  double(): Tensor;
  int(): Tensor;
  long(): Tensor;
  bool(): Tensor<'bool'>;
  cpu(): this;

  // views
  view(...size: SizeArgs | [{ size: number[] }]): Tensor<D>;
  reshape(...shape: SizeArgs | [{ shape: number[] }]): Tensor<D>;
  view_as(other: Tensor): Tensor<D>;
  reshape_as(other: Tensor): Tensor<D>;
  t(): Tensor<D>;
  transpose(dim0: number, dim1: number): Tensor<D>;
  swapaxes(dim0: number, dim1: number): Tensor<D>;
  permute(...dims: SizeArgs | [{ dims: number[] }]): Tensor<D>;
  squeeze(dim?: number): Tensor<D>;
  unsqueeze(dim: number): Tensor<D>;
  expand(...size: SizeArgs | [{ size: number[] }]): Tensor<D>;
  expand_as(other: Tensor): Tensor<D>;
  narrow(dim: number, start: number, length: number): Tensor<D>;
  select(dim: number, index: number): Tensor<D>;
  flatten(start_dim?: number, end_dim?: number): Tensor<D>;
  ravel(): Tensor<D>;
  as_strided(size: number[], stride: number[], storage_offset?: number): Tensor<D>;
  index(...keys: IndexKey[]): Tensor<D>;
  index_put_(keys: IndexKey[] | IndexKey, value: Tensor | Scalar): this;

  // in-place writes
  fill_(value: Scalar | Tensor): this;
  zero_(): this;
  copy_(other: Tensor, opts?: { non_blocking?: boolean }): this;
  uniform_(from?: number | { from?: number; to?: number; generator?: Generator | null }, to?: number, opts?: GeneratorOption): this;
  normal_(mean?: number | { mean?: number; std?: number; generator?: Generator | null }, std?: number, opts?: GeneratorOption): this;
  random_(from: number, to?: number, opts?: GeneratorOption): this;

  // from existing tensors
  new_tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;
  new_zeros(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_ones(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_empty(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_full(size: number[], fill_value: Scalar, opts?: CreateOptions): Tensor;

  // autograd
  readonly retains_grad: boolean;
  readonly output_nr: number;
  backward(gradient?: Tensor | null | [Tensor | null], opts?: BackwardOptions): void;
  backward(opts: BackwardOptions): void;
  retain_grad(): void;
  register_hook(fn: (grad: Tensor) => Tensor | void | null): { id: number; remove(): void };

  // common operators (every op of docs/API.md "Math" exists; these are typed explicitly)
  // the operand may also be given by its keyword: x.add({other: y, alpha: 2}), x.pow({exponent: 2})
  add(other: Tensor | number | { other: Tensor | number; alpha?: number }, opts?: { alpha?: number }): Tensor;
  sub(other: Tensor | number | { other: Tensor | number; alpha?: number }, opts?: { alpha?: number }): Tensor;
  mul(other: Tensor | number | { other: Tensor | number }): Tensor;
  div(other: Tensor | number | { other: Tensor | number; rounding_mode?: 'trunc' | 'floor' | null }, opts?: { rounding_mode?: 'trunc' | 'floor' | null }): Tensor;
  pow(exponent: Tensor | number | { exponent: Tensor | number }): Tensor;
  matmul(other: Tensor): Tensor;
  mm(other: Tensor): Tensor;
  bmm(other: Tensor): Tensor;
  mv(vec: Tensor): Tensor;
  dot(other: Tensor): Tensor;
  outer(other: Tensor): Tensor;
  neg(): Tensor;
  exp(): Tensor;
  log(): Tensor;
  tanh(): Tensor;
  sigmoid(): Tensor;
  relu(): Tensor;
  sum(dim?: number | number[] | { dim?: number | number[]; keepdim?: boolean; dtype?: dtype }, opts?: { keepdim?: boolean; dtype?: dtype }): Tensor;
  mean(dim?: number | number[] | { dim?: number | number[]; keepdim?: boolean }, opts?: { keepdim?: boolean }): Tensor;

  // elementwise math with parameters or three operands (js/tensor/math.js); every other math
  // function (isnan, atan2, bitwise_and, ...) takes () or (other) and is typed by the index below
  nan_to_num(nan?: number | { nan?: number; posinf?: number | null; neginf?: number | null }, posinf?: number | null, neginf?: number | null): Tensor;
  logit(eps?: number | null | { eps?: number | null }): Tensor;
  polygamma(n: number): Tensor;
  addcmul(tensor1: Tensor, tensor2: Tensor, opts?: { value?: number }): Tensor;
  addcdiv(tensor1: Tensor, tensor2: Tensor, opts?: { value?: number }): Tensor;
  lerp(end: Tensor, weight: Tensor | number): Tensor;
  isclose(other: Tensor, rtol?: number | { rtol?: number; atol?: number; equal_nan?: boolean }, atol?: number, equal_nan?: boolean): Tensor<'bool'>;
  allclose(other: Tensor, rtol?: number | { rtol?: number; atol?: number; equal_nan?: boolean }, atol?: number, equal_nan?: boolean): boolean;
  equal(other: Tensor): boolean;
  positive(): Tensor;

  // random sampling (js/tensor/random.js): PyTorch's values under manual_seed
  random_(opts?: GeneratorOption): this;
  bernoulli_(p?: number | Tensor | { p?: number | Tensor; generator?: Generator | null }, opts?: GeneratorOption): this;
  bernoulli(p?: number | { p?: number; generator?: Generator | null }, opts?: GeneratorOption): Tensor;
  exponential_(lambd?: number | { lambd?: number; generator?: Generator | null }, opts?: GeneratorOption): this;
  geometric_(p: number | { p: number; generator?: Generator | null }, opts?: GeneratorOption): this;
  log_normal_(mean?: number | { mean?: number; std?: number; generator?: Generator | null }, std?: number, opts?: GeneratorOption): this;
  cauchy_(median?: number | { median?: number; sigma?: number; generator?: Generator | null }, sigma?: number, opts?: GeneratorOption): this;
  multinomial(num_samples: number, replacement?: boolean | { replacement?: boolean; generator?: Generator | null }, opts?: GeneratorOption): Tensor;

  // small dense linear algebra (js/linalg/det_inverse.js)
  det(): Tensor;
  logdet(): Tensor;
  slogdet(): SlogdetResult;
  inverse(): Tensor;

  // decompositions and solvers (js/linalg/decomp.js)
  cholesky(upper?: boolean | { upper?: boolean }): Tensor;
  triangular_solve(A: Tensor, upper?: boolean, transpose?: boolean, unitriangular?: boolean): TriangularSolveResult;
  cholesky_solve(L: Tensor, upper?: boolean | { upper?: boolean }): Tensor;
  cholesky_inverse(upper?: boolean | { upper?: boolean }): Tensor;
  lu(pivot?: boolean | { pivot?: boolean; get_infos?: boolean }, get_infos?: boolean): Tensor[];
  lu_solve(LU_data: Tensor, LU_pivots: Tensor): Tensor;
  qr(some?: boolean | { some?: boolean }): QrResult;

  // more shape and view ops (js/tensor/diag_views_scatter.js); views share storage as in PyTorch
  diagonal(offset?: number, dim1?: number, dim2?: number): Tensor;
  diag(diagonal?: number): Tensor;
  trace(): Tensor;
  diag_embed(offset?: number, dim1?: number, dim2?: number): Tensor;
  diagflat(offset?: number): Tensor;
  movedim(source: number | number[], destination: number | number[]): Tensor;
  moveaxis(source: number | number[], destination: number | number[]): Tensor;
  swapdims(dim0: number, dim1: number): Tensor;
  swapdims_(dim0: number, dim1: number): this;
  swapaxes_(axis0: number, axis1: number): this;
  t_(): this;
  transpose_(dim0: number, dim1: number): this;
  squeeze_(dim?: number | null): this;
  unsqueeze_(dim: number): this;
  as_strided_(size: number[], stride: number[], storage_offset?: number): this;
  unflatten(dim: number, sizes: number[]): Tensor;
  broadcast_to(...size: SizeArgs | [{ size: number[] }]): Tensor;
  type_as(other: Tensor): Tensor;
  tensor_split(indices_or_sections: number | number[] | Tensor, dim?: number): Tensor[];
  hsplit(indices_or_sections: number | number[] | Tensor): Tensor[];
  vsplit(indices_or_sections: number | number[] | Tensor): Tensor[];
  dsplit(indices_or_sections: number | number[] | Tensor): Tensor[];
  repeat_interleave(repeats: number | Tensor, dim?: number | null, opts?: { output_size?: number }): Tensor;
  rot90(k?: number, dims?: number[]): Tensor;
  unfold(dimension: number, size: number, step: number): Tensor;
  take(index: Tensor): Tensor;
  sum_to_size(...size: SizeArgs | [{ size: number[] }]): Tensor;
  select_scatter(src: Tensor, dim: number, index: number): Tensor;
  slice_scatter(src: Tensor, dim?: number, start?: number | null, end?: number | null, step?: number): Tensor;
  diagonal_scatter(src: Tensor, offset?: number, dim1?: number, dim2?: number): Tensor;
  masked_scatter(mask: Tensor, source: Tensor): Tensor;
  masked_scatter_(mask: Tensor, source: Tensor): this;
  put_(index: Tensor, source: Tensor, accumulate?: boolean): this;
  put(index: Tensor, source: Tensor, accumulate?: boolean): Tensor;
  narrow_copy(dim: number, start: number, length: number): Tensor;
  scatter_reduce(dim: number, index: Tensor, src: Tensor, reduce: 'sum' | 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): Tensor;
  scatter_reduce_(dim: number, index: Tensor, src: Tensor, reduce: 'sum' | 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): this;
  index_reduce(dim: number, index: Tensor, source: Tensor, reduce: 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): Tensor;
  index_reduce_(dim: number, index: Tensor, source: Tensor, reduce: 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): this;
  new_empty_strided(size: number[], stride: number[], opts?: CreateOptions): Tensor;
  is_complex(): false;
  is_signed(): boolean;
  is_same_size(other: Tensor): boolean;
  is_nonzero(): boolean;
  readonly is_cpu: true;
  is_inference(): false;
  get_device(): -1;
  /** The byte address of the first element in the wasm heap (numpy()'s byteOffset). */
  data_ptr(): number;
  // more linear algebra (js/linalg/products.js); beta and alpha are keyword-only
  addmv(mat: Tensor, vec: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  addmv_(mat: Tensor, vec: Tensor, opts?: { beta?: number; alpha?: number }): this;
  addr(vec1: Tensor, vec2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  addr_(vec1: Tensor, vec2: Tensor, opts?: { beta?: number; alpha?: number }): this;
  baddbmm(batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  baddbmm_(batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): this;
  addbmm(batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  addbmm_(batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): this;
  addmm_(mat1: Tensor, mat2: Tensor, opts?: { beta?: number; alpha?: number }): this;
  inner(other: Tensor): Tensor;
  vdot(other: Tensor): Tensor;
  kron(other: Tensor): Tensor;
  cross(other: Tensor, dim?: number | null): Tensor;
  matrix_power(n: number): Tensor;
  /** float16, bfloat16, uint8, int8 and int16 do not exist in tensorpad: these throw a TensorError. */
  half(): never;
  bfloat16(): never;
  byte(): never;
  char(): never;
  short(): never;

  // ---- the remaining Tensor methods (js/tensor/compat.js) ----
  /** Transposes of a real tensor (views): H for 2-D, mH/adjoint for >= 2-D. */
  readonly H: Tensor;
  readonly mH: Tensor;
  adjoint(): Tensor;
  /** A real tensor is its own conjugate: these return `this`. */
  readonly real: this;
  conj(): this;
  resolve_conj(): this;
  resolve_neg(): this;
  conj_physical(): this;
  conj_physical_(): this;
  is_conj(): false;
  is_neg(): false;
  /** Throws: tensorpad has no complex dtypes. */
  readonly imag: never;
  readonly is_sparse: false;
  readonly is_sparse_csr: false;
  readonly is_quantized: false;
  readonly is_meta: false;
  readonly is_mkldnn: false;
  readonly is_mps: false;
  readonly is_nested: false;
  readonly is_ort: false;
  readonly is_vulkan: false;
  readonly is_xpu: false;
  readonly is_ipu: false;
  readonly volatile: false;
  is_distributed(): false;
  is_pinned(): false;
  is_shared(): false;
  share_memory_(): this;
  is_set_to(tensor: Tensor): boolean;
  to_dense(): this;
  /** Unnamed tensors only: one null per dim. */
  readonly names: null[];
  readonly name: null;
  has_names(): false;
  rename(...names: null[]): Tensor;
  rename_(...names: null[]): this;
  refine_names(...names: null[]): Tensor;
  unsafe_split(split_size: number, dim?: number): Tensor[];
  unsafe_split_with_sizes(split_sizes: number[], dim?: number): Tensor[];
  unsafe_chunk(chunks: number, dim?: number): Tensor[];
  new(...args: any[]): Tensor;
  cov(opts?: { correction?: number }): Tensor;
  corrcoef(): Tensor;
  hardshrink(lambd?: number): Tensor;
  angle(): Tensor;
  prelu(weight: Tensor): Tensor;
  mvlgamma(p: number): Tensor;
  mvlgamma_(p: number): this;
  frexp(): Tensor[] & { mantissa: Tensor; exponent: Tensor };
  // resize_, set_, renorm and special functions (js/tensor/resize_renorm_special.js)
  resize_(...size: (number | number[] | { size?: number[]; memory_format?: unknown })[]): this;
  resize_as_(the_template: Tensor, opts?: { memory_format?: unknown }): this;
  set_(source?: Tensor | ReturnType<Tensor['storage']>, storage_offset?: number, size?: number[], stride?: number[]): this;
  set_(opts: { source: Tensor | ReturnType<Tensor['storage']>; storage_offset?: number; size?: number[]; stride?: number[] }): this;
  /** Deprecated in 1.13 (ResizeBackward); keeps the number of elements. */
  resize(...size: (number | number[])[]): Tensor;
  resize_as(tensor: Tensor): Tensor;
  renorm(p: number, dim: number, maxnorm: number): Tensor;
  renorm(opts: { p: number; dim: number; maxnorm: number }): Tensor;
  renorm_(p: number, dim: number, maxnorm: number): this;
  histogram(bins?: number | Tensor, opts?: { range?: [number, number]; weight?: Tensor; density?: boolean }): Tensor[] & { hist: Tensor; bin_edges: Tensor };
  histogram(opts: { bins?: number | Tensor; range?: [number, number]; weight?: Tensor; density?: boolean }): Tensor[] & { hist: Tensor; bin_edges: Tensor };
  i0(): Tensor;
  i0_(): this;
  igamma(other: Tensor): Tensor;
  igamma_(other: Tensor): this;
  igammac(other: Tensor): Tensor;
  igammac_(other: Tensor): this;
  storage(): { dtype: dtype<D>; device: any; size(): number; readonly length: number; tolist(): ItemOf<D>[]; data_ptr(): number };
  storage_type(): { __name__: string };
  fill_diagonal_(fill_value: number | boolean, wrap?: boolean): this;
  apply_(fn: (v: number) => number | boolean): this;
  map_(tensor: Tensor, fn: (a: number, b: number) => number | boolean): this;
  map2_(x: Tensor, y: Tensor, fn: (a: number, b: number, c: number) => number | boolean): this;
  /** Not available in tensorpad (complex, sparse, quantized, mkldnn, nested, devices): these throw a TensorError. */
  pin_memory(): never; cuda(): never; xpu(): never; ipu(): never; reinforce(): never;
  align_to(...names: string[]): never; align_as(other: Tensor): never;
  cdouble(): never; cfloat(): never; chalf(): never; stft(...a: any[]): never; istft(...a: any[]): never;
  to_sparse(...a: any[]): never; to_sparse_coo(...a: any[]): never; to_sparse_csr(...a: any[]): never;
  to_sparse_csc(...a: any[]): never; to_sparse_bsr(...a: any[]): never; to_sparse_bsc(...a: any[]): never;
  coalesce(): never; indices(): never; values(): never; crow_indices(): never; col_indices(): never;
  ccol_indices(): never; row_indices(): never; sparse_dim(): never; dense_dim(): never;
  sparse_mask(mask: Tensor): never; sparse_resize_(...a: any[]): never; sparse_resize_and_clear_(...a: any[]): never;
  resize_as_sparse_(t: Tensor): never; smm(mat: Tensor): never; sspaddmm(...a: any[]): never; is_coalesced(): never;
  dequantize(): never; int_repr(): never; q_scale(): never; q_zero_point(): never; q_per_channel_scales(): never;
  q_per_channel_zero_points(): never; q_per_channel_axis(): never; qscheme(): never;
  to_mkldnn(...a: any[]): never; to_padded_tensor(...a: any[]): never; record_stream(s: any): never;
  as_subclass(cls: any): never; as_strided_scatter(...a: any[]): never;

  /** The other operator methods are added at load time from the core's op table. */

}

export interface BackwardOptions {
  gradient?: Tensor | null;
  retain_graph?: boolean;
  create_graph?: boolean;
}

/** A grad_fn node. */
export interface Node {
  name(): string;
  readonly next_functions: Array<[Node | null, number]>;
  readonly variable?: Tensor;
  readonly saved_tensors: Array<[string, Tensor]>;
}

export interface GraphJSON {
  format: 'tensorpad-graph/1';
  root: string;
  nodes: Array<Record<string, unknown> & { id: string; kind: 'tensor' | 'function' }>;
  edges: Array<{ from: string; to: string }>;
  backward_order?: string[];
}

export interface Autograd {
  /** Without allow_unused an input the outputs do not use is an error, so no entry is null. */
  grad(outputs: Tensor | Tensor[], inputs: Tensor | Tensor[], opts?: {
    grad_outputs?: Tensor | Tensor[] | null; retain_graph?: boolean | null; create_graph?: boolean; allow_unused?: false;
  }): Tensor[];
  grad(outputs: Tensor | Tensor[], inputs: Tensor | Tensor[], opts?: {
    grad_outputs?: Tensor | Tensor[] | null; retain_graph?: boolean | null; create_graph?: boolean; allow_unused?: boolean;
  }): Array<Tensor | null>;
  backward(tensors: Tensor | Tensor[], grad_tensors?: Tensor | Tensor[] | null, opts?: { retain_graph?: boolean; create_graph?: boolean; inputs?: Tensor | Tensor[] }): void;
  backward(tensors: Tensor | Tensor[], opts: { grad_tensors?: Tensor | Tensor[] | null; retain_graph?: boolean; create_graph?: boolean; inputs?: Tensor | Tensor[] }): void;
  gradcheck(fn: (...inputs: Tensor[]) => Tensor | Tensor[], inputs: Tensor | Tensor[], opts?: { eps?: number; atol?: number; rtol?: number; raise_exception?: boolean }): boolean;
  gradgradcheck(fn: (...inputs: Tensor[]) => Tensor | Tensor[], inputs: Tensor | Tensor[], grad_outputs?: Tensor | Tensor[] | null, opts?: { eps?: number; atol?: number; rtol?: number; raise_exception?: boolean }): boolean;
  graph(t: Tensor): GraphJSON;
  to_dot(t: Tensor): string;
  no_grad<T>(fn: () => T): T;
  enable_grad<T>(fn: () => T): T;
  /** The class of grad_fn objects (not constructible: `new` throws, as in PyTorch). */
  Node: abstract new (...args: never[]) => Node;
  /** Base class of custom Functions: subclass with static forward(ctx, ...args) and backward(ctx, ...grads),
   *  call Sub.apply(...args); the outputs' grad_fn is named "<Sub>Backward" (js/autograd/function.js). */
  Function: typeof AutogradFunction;
  function: { Function: typeof AutogradFunction; FunctionCtx: typeof FunctionCtx };
}
/** The ctx a custom Function's forward and backward share (1.13's FunctionCtx); any other property may be set on it. */
declare class FunctionCtx {
  save_for_backward(...tensors: Array<Tensor | null>): void;
  readonly saved_tensors: Array<Tensor | null>;
  /** One flag per forward argument: a tensor that requires grad, in grad mode. */
  needs_input_grad: boolean[];
  mark_dirty(...tensors: Tensor[]): void;
  mark_non_differentiable(...tensors: Tensor[]): void;
  set_materialize_grads(value: boolean): void;
  [key: string]: any;
}
declare class AutogradFunction {
  static forward(ctx: FunctionCtx, ...args: any[]): any;
  static backward(ctx: FunctionCtx, ...grads: Array<Tensor | null>): Tensor | null | Array<Tensor | null>;
  static apply(...args: any[]): any;
}

/** zeros, ones, empty, rand, randn: sizes then options; with options.dtype the dtype is known. */
type Creator = {
  <N extends DTypeName>(...args: [...Array<number | number[]>, CreateOptions & { dtype: dtype<N> }]): TensorOf<N>;
  (...args: Array<number | number[] | CreateOptions>): Tensor;
};

/** torch.slogdet's result: [sign, logabsdet], also by name. */
export interface SlogdetResult extends Array<Tensor> {
  sign: Tensor;
  logabsdet: Tensor;
}

/** triangular_solve's (solution, cloned_coefficient) (js/linalg/decomp.js). */
export interface TriangularSolveResult extends Array<Tensor> {
  solution: Tensor;
  cloned_coefficient: Tensor;
}

/** linalg.lu_factor's (LU, pivots) (js/linalg/decomp.js). */
export interface LuFactorResult extends Array<Tensor> {
  LU: Tensor;
  pivots: Tensor;
}

/** qr's (Q, R) (js/linalg/decomp.js). */
export interface QrResult extends Array<Tensor> {
  Q: Tensor;
  R: Tensor;
}

/** linalg.eigh's (eigenvalues, eigenvectors) (js/linalg/decomp.js). */
export interface EighResult extends Array<Tensor> {
  eigenvalues: Tensor;
  eigenvectors: Tensor;
}

export interface LinalgNamespace {
  det(A: Tensor): Tensor;
  slogdet(A: Tensor): SlogdetResult;
  inv(A: Tensor): Tensor;
  // decompositions and solvers (js/linalg/decomp.js)
  solve(A: Tensor, B: Tensor, opts?: { left?: true }): Tensor;
  cholesky(A: Tensor, opts?: { upper?: boolean }): Tensor;
  solve_triangular(A: Tensor, B: Tensor, opts: { upper: boolean; left?: boolean; unitriangular?: boolean }): Tensor;
  lu_factor(A: Tensor, opts?: { pivot?: true }): LuFactorResult;
  lu_solve(LU: Tensor, pivots: Tensor, B: Tensor, opts?: { left?: true; adjoint?: boolean }): Tensor;
  qr(A: Tensor, mode?: 'reduced' | 'complete' | 'r' | { mode?: 'reduced' | 'complete' | 'r' }): QrResult;
  eigh(A: Tensor, UPLO?: 'L' | 'U' | { UPLO?: 'L' | 'U' }): EighResult;
  eigvalsh(A: Tensor, UPLO?: 'L' | 'U' | { UPLO?: 'L' | 'U' }): Tensor;

  /** js/torch/functional.js: ATen's multi_dot (1-D first/last operands allowed). */
  multi_dot(tensors: Tensor[]): Tensor;
}

export interface MemoryStats {
  live_tensors: number;
  live_bytes: number;
  peak_bytes: number;
  heap_bytes: number;
}

export interface PrintOptions {
  precision?: number;
  threshold?: number;
  edgeitems?: number;
  linewidth?: number;
  sci_mode?: boolean | null;
  profile?: 'default' | 'short' | 'full';
}

export interface Torch {
  Tensor: typeof Tensor;
  Size: typeof Size;
  TensorError: typeof TensorError;
  Slice: typeof Slice;
  Ellipsis: { toString(): 'Ellipsis' };
  dtype: typeof dtype;
  device(d: string | number | Device | Tensor, index?: number): Device;
  /** A CPU-only build's torch.cuda: nothing available; current_device() etc. throw. */
  cuda: { is_available(): false; device_count(): 0; is_initialized(): false; current_device(): never; set_device(d: unknown): never;
    synchronize(): never; get_device_name(d?: unknown): never; init(): never; manual_seed(s: number): void; manual_seed_all(s: number): void;
    seed(): void; seed_all(): void; empty_cache(): void };
  backends: { mps: { is_available(): false; is_built(): false }; cudnn: { enabled: false; deterministic: false; benchmark: false; is_available(): false } };
  float32: dtype<'float32'>; float64: dtype<'float64'>; int32: dtype<'int32'>; int64: dtype<'int64'>; bool: dtype<'bool'>;
  float: dtype<'float32'>; double: dtype<'float64'>; int: dtype<'int32'>; long: dtype<'int64'>;

  tensor<N extends DTypeName>(data: NestedData | HeapArray, opts: CreateOptions & { dtype: dtype<N> }): TensorOf<N>;
  tensor(data: NestedBool, opts?: CreateOptions & { dtype?: undefined }): Tensor<'bool'>;
  tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;
  as_tensor(data: NestedData | HeapArray | Tensor, opts?: CreateOptions): Tensor;
  zeros: Creator;
  ones: Creator;
  empty: Creator;
  rand: Creator;
  randn: Creator;
  full<N extends DTypeName>(size: number[], fill_value: Scalar, opts: CreateOptions & { dtype: dtype<N> }): TensorOf<N>;
  full(size: number[], fill_value: Scalar, opts?: CreateOptions): Tensor;
  randint(high: number, size: number[], opts?: CreateOptions): Tensor;
  randint(low: number, high: number, size: number[], opts?: CreateOptions): Tensor;
  arange<N extends DTypeName>(end: number, opts: CreateOptions & { dtype: dtype<N> }): TensorOf<N>;
  arange(end: number, opts?: CreateOptions): Tensor;
  arange(start: number, end: number, step?: number, opts?: CreateOptions): Tensor;
  linspace(start: number, end: number, steps: number, opts?: CreateOptions): Tensor;
  logspace(start: number, end: number, steps: number, base?: number, opts?: CreateOptions): Tensor;
  eye(n: number, m?: number, opts?: CreateOptions): Tensor;
  zeros_like<N extends DTypeName>(t: Tensor, opts: CreateOptions & { dtype: dtype<N> }): TensorOf<N>;
  zeros_like<N extends DTypeName>(t: Tensor<N>, opts?: CreateOptions & { dtype?: undefined }): Tensor<N>;
  zeros_like(t: Tensor, opts?: CreateOptions): Tensor;
  ones_like<N extends DTypeName>(t: Tensor, opts: CreateOptions & { dtype: dtype<N> }): TensorOf<N>;
  ones_like<N extends DTypeName>(t: Tensor<N>, opts?: CreateOptions & { dtype?: undefined }): Tensor<N>;
  ones_like(t: Tensor, opts?: CreateOptions): Tensor;
  empty_like(t: Tensor, opts?: CreateOptions): Tensor;
  full_like(t: Tensor, fill_value: Scalar, opts?: CreateOptions): Tensor;
  rand_like(t: Tensor, opts?: CreateOptions): Tensor;
  randn_like(t: Tensor, opts?: CreateOptions): Tensor;
  randint_like(t: Tensor, low: number, high?: number, opts?: CreateOptions): Tensor;

  from_numpy(arr: HeapArray): Tensor;
  heap_array<T extends HeapArray>(type: { new (n: number): T }, n: number): T;
  shares_memory(a: Tensor | HeapArray, b: Tensor | HeapArray): boolean;
  deepcopy<T>(x: T): T;
  is_tensor(x: unknown): x is Tensor;
  is_floating_point(x: Tensor): boolean;
  numel(x: Tensor): number;
  result_type(a: Tensor | Scalar, b: Tensor | Scalar): dtype;
  promote_types(a: dtype, b: dtype): dtype;
  get_default_dtype(): dtype;
  /** float32 or float64, as PyTorch 1.13 allows. */
  set_default_dtype(d: dtype): void;
  /** TORCH_WARN_ONCE warnings show every time (per line of user code) when true. */
  set_warn_always(b: boolean): void;
  is_warn_always_enabled(): boolean;

  set_printoptions(opts?: PrintOptions): void;
  get_printoptions(): Required<Omit<PrintOptions, 'profile'>>;
  /** Python's int(seed), then default_generator.manual_seed; returns default_generator. */
  manual_seed(seed: number | bigint | string | boolean): Generator;
  initial_seed(): number | bigint;
  seed(): number | bigint;
  get_rng_state(): Tensor;
  set_rng_state(state: Tensor): void;
  readonly default_generator: Generator;
  Generator: typeof Generator;
  /** torch.random: the same functions, and fork_rng(fn) (Python's `with fork_rng():`). */
  readonly random: {
    Generator: typeof Generator;
    readonly default_generator: Generator;
    manual_seed(seed: number | bigint | string | boolean): Generator;
    seed(): number | bigint;
    initial_seed(): number | bigint;
    get_rng_state(): Tensor;
    set_rng_state(state: Tensor): void;
    fork_rng<T>(fn: () => T, opts?: { devices?: unknown; enabled?: boolean }): T;
  };

  memory_stats(): MemoryStats;
  scope<T>(fn: () => T): T;
  keep<T extends Tensor>(t: T): T;
  readonly shared_memory: boolean;

  reshape(x: Tensor, ...size: SizeArgs): Tensor;
  t(x: Tensor): Tensor;
  transpose(x: Tensor, dim0: number, dim1: number): Tensor;
  swapaxes(x: Tensor, dim0: number, dim1: number): Tensor;
  permute(x: Tensor, ...dims: SizeArgs): Tensor;
  squeeze(x: Tensor, dim?: number): Tensor;
  unsqueeze(x: Tensor, dim: number): Tensor;
  flatten(x: Tensor, start_dim?: number, end_dim?: number): Tensor;
  ravel(x: Tensor): Tensor;
  narrow(x: Tensor, dim: number, start: number, length: number): Tensor;
  select(x: Tensor, dim: number, index: number): Tensor;
  clone(x: Tensor): Tensor;
  detach(x: Tensor): Tensor;
  as_strided(x: Tensor, size: number[], stride: number[], storage_offset?: number): Tensor;

  // more shape and view ops (js/tensor/diag_views_scatter.js)
  diagonal(x: Tensor, offset?: number, dim1?: number, dim2?: number): Tensor;
  diag(x: Tensor, diagonal?: number): Tensor;
  trace(x: Tensor): Tensor;
  diag_embed(x: Tensor, offset?: number, dim1?: number, dim2?: number): Tensor;
  diagflat(x: Tensor, offset?: number): Tensor;
  movedim(x: Tensor, source: number | number[], destination: number | number[]): Tensor;
  moveaxis(x: Tensor, source: number | number[], destination: number | number[]): Tensor;
  swapdims(x: Tensor, dim0: number, dim1: number): Tensor;
  unflatten(x: Tensor, dim: number, sizes: number[]): Tensor;
  broadcast_to(x: Tensor, size: number[]): Tensor;
  tensor_split(x: Tensor, indices_or_sections: number | number[] | Tensor, dim?: number): Tensor[];
  hsplit(x: Tensor, indices_or_sections: number | number[] | Tensor): Tensor[];
  vsplit(x: Tensor, indices_or_sections: number | number[] | Tensor): Tensor[];
  dsplit(x: Tensor, indices_or_sections: number | number[] | Tensor): Tensor[];
  /** torch.repeat_interleave(repeats) alone gives the repeated indices. */
  repeat_interleave(x: Tensor, repeats?: number | Tensor, dim?: number | null): Tensor;
  rot90(x: Tensor, k?: number, dims?: number[]): Tensor;
  take(x: Tensor, index: Tensor): Tensor;
  is_complex(x: Tensor): false;
  is_signed(x: Tensor): boolean;
  is_same_size(x: Tensor, other: Tensor): boolean;
  is_nonzero(x: Tensor): boolean;
  is_inference(x: Tensor): false;
  select_scatter(x: Tensor, src: Tensor, dim: number, index: number): Tensor;
  slice_scatter(x: Tensor, src: Tensor, dim?: number, start?: number | null, end?: number | null, step?: number): Tensor;
  diagonal_scatter(x: Tensor, src: Tensor, offset?: number, dim1?: number, dim2?: number): Tensor;
  masked_scatter(x: Tensor, mask: Tensor, source: Tensor): Tensor;
  put(x: Tensor, index: Tensor, source: Tensor, accumulate?: boolean): Tensor;
  narrow_copy(x: Tensor, dim: number, start: number, length: number): Tensor;
  scatter_reduce(x: Tensor, dim: number, index: Tensor, src: Tensor, reduce: 'sum' | 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): Tensor;
  index_reduce(x: Tensor, dim: number, index: Tensor, source: Tensor, reduce: 'prod' | 'mean' | 'amax' | 'amin', opts?: { include_self?: boolean }): Tensor;
  empty_strided(size: number[], stride: number[], opts?: CreateOptions): Tensor;
  addmv(input: Tensor, mat: Tensor, vec: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  addr(input: Tensor, vec1: Tensor, vec2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  baddbmm(input: Tensor, batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  addbmm(input: Tensor, batch1: Tensor, batch2: Tensor, opts?: { beta?: number; alpha?: number }): Tensor;
  inner(input: Tensor, other: Tensor): Tensor;
  vdot(input: Tensor, other: Tensor): Tensor;
  kron(input: Tensor, other: Tensor): Tensor;
  cross(input: Tensor, other: Tensor, dim?: number | null): Tensor;
  matrix_power(input: Tensor, n: number): Tensor;

  autograd: Autograd;
  no_grad<T>(fn: () => T): T;
  enable_grad<T>(fn: () => T): T;
  set_grad_enabled(enabled: boolean): void;
  is_grad_enabled(): boolean;

  nn: NN;
  optim: Optim;

  allclose(input: Tensor, other: Tensor, rtol?: number | { rtol?: number; atol?: number; equal_nan?: boolean }, atol?: number, equal_nan?: boolean): boolean;
  equal(input: Tensor, other: Tensor): boolean;
  polygamma(n: number, input: Tensor): Tensor;

  // random sampling (js/tensor/random.js)
  bernoulli(input: Tensor | { input: Tensor; p?: number; generator?: Generator | null }, p?: number | { p?: number; generator?: Generator | null }, opts?: GeneratorOption): Tensor;
  multinomial(input: Tensor, num_samples: number, replacement?: boolean | { replacement?: boolean; generator?: Generator | null }, opts?: GeneratorOption): Tensor;
  randperm(n: number, opts?: CreateOptions): Tensor;
  poisson(rates: Tensor, generator?: Generator | null | GeneratorOption): Tensor;
  normal(mean: Tensor, std?: Tensor | number, opts?: GeneratorOption): Tensor;
  normal(mean: number, std: Tensor, opts?: GeneratorOption): Tensor;
  normal(mean: number, std: number, size: number[], opts?: CreateOptions): Tensor;

  // small dense linear algebra (js/linalg/det_inverse.js)
  det(A: Tensor): Tensor;
  logdet(A: Tensor): Tensor;
  slogdet(A: Tensor): SlogdetResult;
  inverse(A: Tensor): Tensor;

  // decompositions and solvers (js/linalg/decomp.js)
  cholesky(A: Tensor, upper?: boolean | { upper?: boolean }): Tensor;
  triangular_solve(b: Tensor, A: Tensor, upper?: boolean | { upper?: boolean; transpose?: boolean; unitriangular?: boolean },
    transpose?: boolean, unitriangular?: boolean): TriangularSolveResult;
  cholesky_solve(B: Tensor, L: Tensor, upper?: boolean | { upper?: boolean }): Tensor;
  cholesky_inverse(L: Tensor, upper?: boolean | { upper?: boolean }): Tensor;
  lu(A: Tensor, pivot?: boolean | { pivot?: boolean; get_infos?: boolean }, get_infos?: boolean): Tensor[];
  lu_solve(b: Tensor, LU_data: Tensor, LU_pivots: Tensor): Tensor;
  qr(A: Tensor, some?: boolean | { some?: boolean }): QrResult;
  linalg: LinalgNamespace;

  // torch.* functions that are not Tensor methods (js/torch/functional.js)
  /** Tensors as varargs or one array; warns once (UserWarning) when indexing is omitted. */
  meshgrid(...tensors: Array<Tensor | Tensor[] | { indexing?: 'ij' | 'xy' }>): Tensor[];
  /** Deprecated, as in PyTorch (warns once per call site): end inclusive, float32 unless a dtype is given. */
  range(start: number, end: number, step?: number, opts?: CreateOptions): Tensor;
  range(start: number, end: number, opts?: CreateOptions): Tensor;
  broadcast_tensors(...tensors: Tensor[]): Tensor[];
  broadcast_shapes(...shapes: Array<number | number[]>): Size;
  atleast_1d(x: Tensor): Tensor;
  atleast_1d(...tensors: Array<Tensor | Tensor[]>): Tensor[];
  atleast_2d(x: Tensor): Tensor;
  atleast_2d(...tensors: Array<Tensor | Tensor[]>): Tensor[];
  atleast_3d(x: Tensor): Tensor;
  atleast_3d(...tensors: Array<Tensor | Tensor[]>): Tensor[];
  column_stack(tensors: Tensor[]): Tensor;
  row_stack(tensors: Tensor[]): Tensor;
  dstack(tensors: Tensor[]): Tensor;
  concatenate(tensors: Tensor[], dim?: number): Tensor;
  tril_indices(row: number, col: number, offset?: number | { offset?: number; dtype?: dtype }, opts?: { dtype?: dtype }): Tensor;
  triu_indices(row: number, col: number, offset?: number | { offset?: number; dtype?: dtype }, opts?: { dtype?: dtype }): Tensor;
  /** (std, mean) / (var, mean) over the same dims; the arguments are those of x.std / x.var. */
  std_mean(x: Tensor, ...args: any[]): [Tensor, Tensor];
  var_mean(x: Tensor, ...args: any[]): [Tensor, Tensor];
  scalar_tensor(s: number | boolean, opts?: CreateOptions): Tensor;
  einsum(equation: string, ...operands: Array<Tensor | Tensor[]>): Tensor;
  tensordot(a: Tensor, b: Tensor, dims?: number | [number[], number[]] | Tensor | { dims?: number | [number[], number[]] | Tensor }): Tensor;
  cdist(x1: Tensor, x2: Tensor, p?: number | { p?: number; compute_mode?: string }, compute_mode?: string): Tensor;
  cosine_similarity(x1: Tensor, x2: Tensor, dim?: number | { dim?: number; eps?: number }, eps?: number): Tensor;
  pairwise_distance(x1: Tensor, x2: Tensor, p?: number | { p?: number; eps?: number; keepdim?: boolean }, eps?: number, keepdim?: boolean): Tensor;
  block_diag(...tensors: Tensor[]): Tensor;
  cartesian_prod(...tensors: Tensor[]): Tensor;
  combinations(x: Tensor, r?: number | { r?: number; with_replacement?: boolean }, with_replacement?: boolean): Tensor;
  vander(x: Tensor, N?: number | null | { N?: number | null; increasing?: boolean }, increasing?: boolean): Tensor;
  searchsorted(sorted_sequence: Tensor, values: Tensor | number, opts?: { out_int32?: boolean; right?: boolean; side?: 'left' | 'right'; sorter?: Tensor }): Tensor;
  bucketize(values: Tensor | number, boundaries: Tensor, opts?: { out_int32?: boolean; right?: boolean }): Tensor;
  isin(elements: Tensor | number, test_elements: Tensor | number, opts?: { assume_unique?: boolean; invert?: boolean }): Tensor;
  trapezoid(y: Tensor, x?: Tensor | number | { x?: Tensor; dx?: number; dim?: number }, opts?: { dim?: number }): Tensor;
  trapz(y: Tensor, x?: Tensor | number | { x?: Tensor; dx?: number; dim?: number }, opts?: { dim?: number }): Tensor;
  cumulative_trapezoid(y: Tensor, x?: Tensor | number | { x?: Tensor; dx?: number; dim?: number }, opts?: { dim?: number }): Tensor;
  /** The build is single-threaded: 1, and set_num_threads changes nothing. */
  get_num_threads(): number;
  get_num_interop_threads(): number;
  set_num_threads(n: number): void;
  is_anomaly_enabled(): boolean;
  is_distributed(x: Tensor): boolean;
  can_cast(from: dtype, to: dtype): boolean;
  pdist(x: Tensor, p?: number | { p?: number }): Tensor;
  /** Deprecated, as in PyTorch (warns once): torch.linalg.multi_dot of the matrices. */
  chain_matmul(...matrices: Tensor[]): Tensor;
  hann_window(window_length: number, periodic?: boolean | CreateOptions & { periodic?: boolean }, opts?: CreateOptions): Tensor;
  hamming_window(window_length: number, periodic?: boolean | CreateOptions & { periodic?: boolean }, alpha?: number | CreateOptions, beta?: number | CreateOptions, opts?: CreateOptions): Tensor;
  blackman_window(window_length: number, periodic?: boolean | CreateOptions & { periodic?: boolean }, opts?: CreateOptions): Tensor;
  bartlett_window(window_length: number, periodic?: boolean | CreateOptions & { periodic?: boolean }, opts?: CreateOptions): Tensor;
  kaiser_window(window_length: number, periodic?: boolean | CreateOptions & { periodic?: boolean; beta?: number }, beta?: number | CreateOptions, opts?: CreateOptions): Tensor;
  is_storage(obj: unknown): boolean;

  /** PyTorch 1.13's file format (docs/API.md "Saving and loading"): to a path (Node) or a sink; without f, the bytes. */
  save(obj: unknown, f: string | { write(bytes: Uint8Array): unknown }, opts?: { pickle_protocol?: number; _use_new_zipfile_serialization?: boolean }): void;
  save(obj: unknown): Uint8Array;
  /** Tensors, parameters, numbers, strings and containers only (PyTorch's weights_only=True); never runs pickled code. */
  load(f: string | Uint8Array | ArrayBuffer | ArrayBufferView, opts?: { map_location?: string | null; weights_only?: boolean }): any;
  load(f: Blob, opts?: { map_location?: string | null; weights_only?: boolean }): Promise<any>;
  readonly serialization: { save: Torch['save']; load: Torch['load']; UnpicklingError: typeof Error };
  /** torch.special (js/torch/special.js): entr, and 1.13's torch.special names of existing functions (expit, gammaln, psi, ...). */
  readonly special: SpecialNamespace;
  /** torch.functional: the module 1.13's torch.* re-exports these from (the same functions; its stft, istft,
   *  align_tensors, pca_lowrank and svd_lowrank are not in tensorpad). */
  readonly functional: Pick<Torch, 'atleast_1d' | 'atleast_2d' | 'atleast_3d' | 'broadcast_shapes' | 'broadcast_tensors' |
    'cartesian_prod' | 'block_diag' | 'cdist' | 'chain_matmul' | 'einsum' | 'lu' | 'norm' | 'meshgrid' | 'split' | 'tensordot' |
    'unique' | 'unique_consecutive'>;

  /** Operator functions (docs/API.md "Math", "Shape and indexing") are added at load time. */

}

// ---- torch.nn and torch.optim (js/nn/nn.js, js/optim/optim.js) ------------------------------------
export type Reduction = 'mean' | 'sum' | 'none';

declare class Module {
  training: boolean;
  forward(...inputs: any[]): any;
  /** Python's model(x). */
  call(...inputs: any[]): any;
  parameters(opts?: { recurse?: boolean }): Tensor[];
  named_parameters(opts?: { prefix?: string; recurse?: boolean }): Array<[string, Tensor]>;
  children(): Module[];
  named_children(): Array<[string, Module]>;
  modules(): Module[];
  named_modules(): Array<[string, Module]>;
  register_parameter(name: string, param: Tensor | null): void;
  add_module(name: string, module: Module | null): void;
  zero_grad(opts?: { set_to_none?: boolean }): void;
  train(mode?: boolean): this;
  eval(): this;
  requires_grad_(requires_grad?: boolean): this;
  apply(fn: (m: Module) => void): this;
  extra_repr(): string;
  state_dict(): Record<string, Tensor>;
  load_state_dict(state_dict: Record<string, Tensor> | Map<string, Tensor>, opts?: { strict?: boolean }): { missing_keys: string[]; unexpected_keys: string[] };
  to(dtypeOrDevice: dtype | string | Device | { device?: string | Device; dtype?: dtype }): this;
  cpu(): this;
  /** Throws "Torch not compiled with CUDA enabled". */
  cuda(): never;
  double(): this;
  float(): this;
  toString(): string;
}

declare class Linear extends Module {
  constructor(in_features: number, out_features: number, opts?: { bias?: boolean; dtype?: dtype });
  in_features: number;
  out_features: number;
  weight: Tensor;
  bias: Tensor | null;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
declare class Sequential extends Module {
  constructor(...modules: Module[]);
  readonly length: number;
  append(m: Module): this;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
  [index: number]: Module;
}
declare class ModuleList extends Module {
  constructor(modules?: Iterable<Module>);
  readonly length: number;
  append(m: Module): this;
  extend(ms: Iterable<Module>): this;
  [index: number]: Module;
  [Symbol.iterator](): Iterator<Module>;
}
declare class Activation extends Module {
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
declare class Loss extends Module {
  reduction: Reduction;
  forward(input: Tensor, target: Tensor): Tensor;
  call(input: Tensor, target: Tensor): Tensor;
}
export interface NLLOptions { weight?: Tensor | null; ignore_index?: number; reduction?: Reduction }

export interface Functional {
  linear(input: Tensor, weight: Tensor, bias?: Tensor | null): Tensor;
  relu(input: Tensor, opts?: { inplace?: boolean }): Tensor;
  tanh(input: Tensor): Tensor;
  sigmoid(input: Tensor): Tensor;
  softmax(input: Tensor, dim?: number | { dim?: number; dtype?: dtype }, opts?: { dtype?: dtype }): Tensor;
  log_softmax(input: Tensor, dim?: number | { dim?: number; dtype?: dtype }, opts?: { dtype?: dtype }): Tensor;
  mse_loss(input: Tensor, target: Tensor, opts?: { reduction?: Reduction }): Tensor;
  nll_loss(input: Tensor, target: Tensor, opts?: NLLOptions): Tensor;
  cross_entropy(input: Tensor, target: Tensor, opts?: NLLOptions & { label_smoothing?: number }): Tensor;
  l1_loss(input: Tensor, target: Tensor, opts?: { reduction?: Reduction }): Tensor;
  binary_cross_entropy(input: Tensor, target: Tensor, opts?: { weight?: Tensor | null; reduction?: Reduction }): Tensor;
  binary_cross_entropy_with_logits(input: Tensor, target: Tensor, opts?: { weight?: Tensor | null; reduction?: Reduction; pos_weight?: Tensor | null }): Tensor;
  gelu(input: Tensor, opts?: { approximate?: 'none' | 'tanh' }): Tensor;
  silu(input: Tensor): Tensor;
  dropout(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  /** Channel-wise dropout (one draw per (sample, channel)) on (N,) C, L / (N,) C, H, W / (N,) C, D, H, W inputs. */
  dropout1d(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  dropout2d(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  dropout3d(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  /** SELU's dropout (keeps mean and variance); training defaults to false, as in PyTorch. */
  alpha_dropout(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  feature_alpha_dropout(input: Tensor, p?: number | { p?: number; training?: boolean; inplace?: boolean }, training?: boolean, inplace?: boolean): Tensor;
  leaky_relu(input: Tensor, negative_slope?: number | { negative_slope?: number; inplace?: boolean }, inplace?: boolean): Tensor;
  /** leaky_relu in place (LeakyReluBackward1); returns input. */
  leaky_relu_(input: Tensor, negative_slope?: number): Tensor;
  /** softmax((logits + Gumbel noise) / tau) along dim; hard: its one-hot, with the soft gradient. */
  gumbel_softmax(logits: Tensor, tau?: number | { tau?: number; hard?: boolean; eps?: number; dim?: number }, hard?: boolean, eps?: number, dim?: number): Tensor;
  /** The pools with return_indices: [output, indices]. */
  max_pool1d_with_indices(input: Tensor, kernel_size: number | number[], ...rest: unknown[]): [Tensor, Tensor];
  max_pool2d_with_indices(input: Tensor, kernel_size: number | number[], ...rest: unknown[]): [Tensor, Tensor];
  adaptive_max_pool1d_with_indices(input: Tensor, output_size: number | number[]): [Tensor, Tensor];
  adaptive_max_pool2d_with_indices(input: Tensor, output_size: number | number[] | Array<number | null>): [Tensor, Tensor];
  softplus(input: Tensor, beta?: number | { beta?: number; threshold?: number }, threshold?: number): Tensor;
}

export interface NN {
  Module: typeof Module;
  /** new Parameter(t): a leaf sharing t's storage that prints "Parameter containing:". */
  Parameter: new (data?: Tensor, requires_grad?: boolean | { requires_grad?: boolean }) => Tensor;
  Linear: typeof Linear;
  Sequential: typeof Sequential;
  ModuleList: typeof ModuleList;
  Identity: typeof Activation;
  ReLU: new (opts?: { inplace?: boolean }) => Activation;
  Tanh: typeof Activation;
  Sigmoid: typeof Activation;
  Softmax: new (dim?: number | null) => Activation;
  LogSoftmax: new (dim?: number | null) => Activation;
  MSELoss: new (opts?: { reduction?: Reduction }) => Loss;
  NLLLoss: new (opts?: NLLOptions) => Loss;
  CrossEntropyLoss: new (opts?: NLLOptions & { label_smoothing?: number }) => Loss;
  L1Loss: new (opts?: { reduction?: Reduction }) => Loss;
  BCELoss: new (opts?: { weight?: Tensor | null; reduction?: Reduction }) => Loss;
  BCEWithLogitsLoss: new (opts?: { weight?: Tensor | null; reduction?: Reduction; pos_weight?: Tensor | null }) => Loss;
  GELU: new (opts?: { approximate?: 'none' | 'tanh' }) => Activation;
  SiLU: typeof Activation;
  Dropout: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  Dropout1d: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  Dropout2d: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  Dropout3d: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  AlphaDropout: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  FeatureAlphaDropout: new (p?: number | { p?: number; inplace?: boolean }, inplace?: boolean) => Activation & { p: number };
  LeakyReLU: new (negative_slope?: number | { negative_slope?: number }) => Activation;
  Softplus: new (beta?: number | { beta?: number; threshold?: number }, threshold?: number) => Activation;
  functional: Functional;
  init: Init;
}

export interface Init {
  calculate_gain(nonlinearity: string, param?: number | null): number;
  uniform_(t: Tensor, a?: number, b?: number): Tensor;
  normal_(t: Tensor, mean?: number | { mean?: number; std?: number }, std?: number): Tensor;
  constant_(t: Tensor, val: number): Tensor;
  zeros_(t: Tensor): Tensor;
  ones_(t: Tensor): Tensor;
  xavier_uniform_(t: Tensor, gain?: number | { gain?: number }): Tensor;
  xavier_normal_(t: Tensor, gain?: number | { gain?: number }): Tensor;
  kaiming_uniform_(t: Tensor, a?: number | { a?: number; mode?: 'fan_in' | 'fan_out'; nonlinearity?: string }, mode?: 'fan_in' | 'fan_out', nonlinearity?: string): Tensor;
  kaiming_normal_(t: Tensor, a?: number | { a?: number; mode?: 'fan_in' | 'fan_out'; nonlinearity?: string }, mode?: 'fan_in' | 'fan_out', nonlinearity?: string): Tensor;
}

export interface ParamGroup { params: Tensor[]; [option: string]: any }

declare class Optimizer {
  defaults: Record<string, unknown>;
  param_groups: ParamGroup[];
  state: Map<Tensor, Record<string, any>>;
  add_param_group(group: { params: Iterable<Tensor> | Tensor; [option: string]: any }): void;
  zero_grad(opts?: { set_to_none?: boolean }): void;
  /** Runs closure (with grad enabled) if given, then one update; returns the closure's loss. */
  step<T = null>(closure?: () => T): T | null;
  /** 1.13's {state, param_groups}: state keyed by parameter index, each group's params as indices. */
  /** state: a Map from parameter index (PyTorch's int keys) to that parameter's state. */
  state_dict(): { state: Map<number, Record<string, any>>; param_groups: Array<Record<string, any> & { params: number[] }> };
  /** Restores a state_dict (deep-copied; tensors cast to their parameter's dtype). */
  load_state_dict(state_dict: { state: Map<number, Record<string, any>> | Record<number, Record<string, any>>; param_groups: Array<Record<string, any> & { params: number[] }> }): void;
}
type Params = Iterable<Tensor> | Array<{ params: Iterable<Tensor> | Tensor; [option: string]: any }>;
declare class SGD extends Optimizer {
  constructor(params: Params, opts: { lr: number; momentum?: number; dampening?: number; weight_decay?: number; nesterov?: boolean; maximize?: boolean });
}
declare class Adam extends Optimizer {
  constructor(params: Params, opts?: { lr?: number; betas?: [number, number]; eps?: number; weight_decay?: number; amsgrad?: boolean; maximize?: boolean });
}
export interface Optim {
  Optimizer: typeof Optimizer;
  SGD: typeof SGD;
  Adam: typeof Adam;
}

// ---- normalisation, embedding, buffers, more optimizers, lr_scheduler (interface merging) ----
interface Module {
  /** register_buffer(name, tensor, persistent=true): listed by named_buffers, in state_dict if persistent. */
  register_buffer(name: string, tensor: Tensor | null, persistent?: boolean | { persistent?: boolean }): void;
  named_buffers(opts?: { prefix?: string; recurse?: boolean }): Array<[string, Tensor]>;
  buffers(opts?: { recurse?: boolean }): Tensor[];
}
declare class LayerNorm extends Module {
  constructor(normalized_shape: number | number[], opts?: { eps?: number; elementwise_affine?: boolean; dtype?: dtype });
  normalized_shape: number[];
  eps: number;
  elementwise_affine: boolean;
  weight: Tensor | null;
  bias: Tensor | null;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
export interface BatchNormOptions { eps?: number; momentum?: number | null; affine?: boolean; track_running_stats?: boolean; dtype?: dtype }
declare class BatchNorm1d extends Module {
  constructor(num_features: number, opts?: BatchNormOptions);
  num_features: number;
  eps: number;
  momentum: number | null;
  affine: boolean;
  track_running_stats: boolean;
  weight: Tensor | null;
  bias: Tensor | null;
  running_mean: Tensor | null;
  running_var: Tensor | null;
  num_batches_tracked: Tensor | null;
  reset_running_stats(): void;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
declare class BatchNorm2d extends BatchNorm1d {}
declare class BatchNorm3d extends BatchNorm1d {}
/** nn.InstanceNorm1d/2d/3d: affine and track_running_stats default to false; an input without
 *  its batch dim is normalised as a batch of one. */
declare class InstanceNorm1d extends BatchNorm1d {}
declare class InstanceNorm2d extends BatchNorm1d {}
declare class InstanceNorm3d extends BatchNorm1d {}
/** nn.MultiheadAttention (1.13's composition; forward gives [attn_output, attn_output_weights | null]). */
declare class MultiheadAttention extends Module {
  constructor(embed_dim: number, num_heads: number, opts?: { dropout?: number; bias?: boolean; add_bias_kv?: boolean; add_zero_attn?: boolean;
    kdim?: number | null; vdim?: number | null; batch_first?: boolean; dtype?: dtype });
  embed_dim: number; kdim: number; vdim: number; num_heads: number; head_dim: number; dropout: number; batch_first: boolean;
  in_proj_weight: Tensor | null; q_proj_weight: Tensor | null; k_proj_weight: Tensor | null; v_proj_weight: Tensor | null;
  in_proj_bias: Tensor | null; bias_k: Tensor | null; bias_v: Tensor | null; out_proj: Linear; add_zero_attn: boolean;
  forward(query: Tensor, key: Tensor, value: Tensor, opts?: { key_padding_mask?: Tensor | null; need_weights?: boolean;
    attn_mask?: Tensor | null; average_attn_weights?: boolean }): [Tensor, Tensor | null];
  call(query: Tensor, key: Tensor, value: Tensor, opts?: { key_padding_mask?: Tensor | null; need_weights?: boolean;
    attn_mask?: Tensor | null; average_attn_weights?: boolean }): [Tensor, Tensor | null];
}
type TransformerLayerOpts = { dim_feedforward?: number; dropout?: number; activation?: 'relu' | 'gelu' | ((x: Tensor) => Tensor);
  layer_norm_eps?: number; batch_first?: boolean; norm_first?: boolean; dtype?: dtype };
declare class TransformerEncoderLayer extends Module {
  constructor(d_model: number, nhead: number, opts?: TransformerLayerOpts);
  self_attn: MultiheadAttention; linear1: Linear; linear2: Linear; norm1: LayerNorm; norm2: LayerNorm;
  forward(src: Tensor, opts?: { src_mask?: Tensor | null; src_key_padding_mask?: Tensor | null }): Tensor;
  call(src: Tensor, opts?: { src_mask?: Tensor | null; src_key_padding_mask?: Tensor | null }): Tensor;
}
declare class TransformerDecoderLayer extends Module {
  constructor(d_model: number, nhead: number, opts?: TransformerLayerOpts);
  self_attn: MultiheadAttention; multihead_attn: MultiheadAttention; linear1: Linear; linear2: Linear;
  forward(tgt: Tensor, memory: Tensor, opts?: { tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
  call(tgt: Tensor, memory: Tensor, opts?: { tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
}
declare class TransformerEncoder extends Module {
  constructor(encoder_layer: TransformerEncoderLayer, num_layers: number, opts?: { norm?: Module | null; enable_nested_tensor?: boolean; mask_check?: boolean });
  layers: ModuleList; num_layers: number; norm: Module | null;
  forward(src: Tensor, opts?: { mask?: Tensor | null; src_key_padding_mask?: Tensor | null }): Tensor;
  call(src: Tensor, opts?: { mask?: Tensor | null; src_key_padding_mask?: Tensor | null }): Tensor;
}
declare class TransformerDecoder extends Module {
  constructor(decoder_layer: TransformerDecoderLayer, num_layers: number, opts?: { norm?: Module | null });
  layers: ModuleList; num_layers: number; norm: Module | null;
  forward(tgt: Tensor, memory: Tensor, opts?: { tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
  call(tgt: Tensor, memory: Tensor, opts?: { tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
}
declare class Transformer extends Module {
  constructor(opts?: TransformerLayerOpts & { d_model?: number; nhead?: number; num_encoder_layers?: number; num_decoder_layers?: number;
    custom_encoder?: Module | null; custom_decoder?: Module | null });
  encoder: Module; decoder: Module; d_model: number; nhead: number; batch_first: boolean;
  static generate_square_subsequent_mask(sz: number): Tensor;
  forward(src: Tensor, tgt: Tensor, opts?: { src_mask?: Tensor | null; tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    src_key_padding_mask?: Tensor | null; tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
  call(src: Tensor, tgt: Tensor, opts?: { src_mask?: Tensor | null; tgt_mask?: Tensor | null; memory_mask?: Tensor | null;
    src_key_padding_mask?: Tensor | null; tgt_key_padding_mask?: Tensor | null; memory_key_padding_mask?: Tensor | null }): Tensor;
}
declare class Embedding extends Module {
  constructor(num_embeddings: number, embedding_dim: number, opts?: { padding_idx?: number | null; _weight?: Tensor | null; dtype?: dtype });
  static from_pretrained(embeddings: Tensor, opts?: { freeze?: boolean; padding_idx?: number | null }): Embedding;
  num_embeddings: number;
  embedding_dim: number;
  padding_idx: number | null;
  weight: Tensor;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
export interface Functional {
  layer_norm(input: Tensor, normalized_shape: number | number[], weight?: Tensor | null | { weight?: Tensor | null; bias?: Tensor | null; eps?: number },
    bias?: Tensor | null, eps?: number): Tensor;
  batch_norm(input: Tensor, running_mean: Tensor | null, running_var: Tensor | null,
    opts?: { weight?: Tensor | null; bias?: Tensor | null; training?: boolean; momentum?: number; eps?: number }): Tensor;
  embedding(input: Tensor, weight: Tensor, padding_idx?: number | null | { padding_idx?: number | null }): Tensor;
  instance_norm(input: Tensor, running_mean?: Tensor | null | { running_mean?: Tensor | null; running_var?: Tensor | null; weight?: Tensor | null;
    bias?: Tensor | null; use_input_stats?: boolean; momentum?: number; eps?: number }, running_var?: Tensor | null, weight?: Tensor | null,
    bias?: Tensor | null, use_input_stats?: boolean, momentum?: number, eps?: number): Tensor;
  /** 1.13's composition; [attn_output, attn_output_weights | null]. The 14 arguments after value may also be given by name. */
  multi_head_attention_forward(query: Tensor, key: Tensor, value: Tensor, embed_dim_to_check: number, num_heads: number,
    in_proj_weight: Tensor | null, in_proj_bias: Tensor | null, bias_k: Tensor | null, bias_v: Tensor | null, add_zero_attn: boolean,
    dropout_p: number, out_proj_weight: Tensor, out_proj_bias: Tensor | null, opts?: { training?: boolean; key_padding_mask?: Tensor | null;
      need_weights?: boolean; attn_mask?: Tensor | null; use_separate_proj_weight?: boolean; q_proj_weight?: Tensor | null;
      k_proj_weight?: Tensor | null; v_proj_weight?: Tensor | null; static_k?: Tensor | null; static_v?: Tensor | null;
      average_attn_weights?: boolean }): [Tensor, Tensor | null];
}
export interface NN {
  LayerNorm: typeof LayerNorm;
  BatchNorm1d: typeof BatchNorm1d;
  BatchNorm2d: typeof BatchNorm2d;
  BatchNorm3d: typeof BatchNorm3d;
  InstanceNorm1d: typeof InstanceNorm1d;
  InstanceNorm2d: typeof InstanceNorm2d;
  InstanceNorm3d: typeof InstanceNorm3d;
  MultiheadAttention: typeof MultiheadAttention;
  NonDynamicallyQuantizableLinear: typeof Linear;
  TransformerEncoderLayer: typeof TransformerEncoderLayer;
  TransformerEncoder: typeof TransformerEncoder;
  TransformerDecoderLayer: typeof TransformerDecoderLayer;
  TransformerDecoder: typeof TransformerDecoder;
  Transformer: typeof Transformer;
  Embedding: typeof Embedding;
}
declare class AdamW extends Optimizer {
  constructor(params: Params, opts?: { lr?: number; betas?: [number, number]; eps?: number; weight_decay?: number; amsgrad?: boolean; maximize?: boolean });
}
declare class RMSprop extends Optimizer {
  constructor(params: Params, opts?: { lr?: number; alpha?: number; eps?: number; weight_decay?: number; momentum?: number; centered?: boolean; maximize?: boolean });
}
declare class Adagrad extends Optimizer {
  constructor(params: Params, opts?: { lr?: number; lr_decay?: number; weight_decay?: number; initial_accumulator_value?: number; eps?: number; maximize?: boolean });
}
declare class LRScheduler {
  optimizer: Optimizer;
  base_lrs: number[];
  last_epoch: number;
  /** One epoch on (the chainable form); step(epoch) uses the closed form, with 1.13's deprecation warning. */
  step(epoch?: number | null): void;
  get_last_lr(): number[];
  get_lr(): number[];
  state_dict(): Record<string, any>;
  load_state_dict(state: Record<string, any>): void;
}
type SchedOpts = { last_epoch?: number; verbose?: boolean };
declare class ReduceLROnPlateau {
  constructor(optimizer: Optimizer, opts?: { mode?: 'min' | 'max'; factor?: number; patience?: number; threshold?: number; threshold_mode?: 'rel' | 'abs';
    cooldown?: number; min_lr?: number | number[]; eps?: number; verbose?: boolean });
  step(metrics: number | Tensor, epoch?: number | null): void;
  best: number;
  num_bad_epochs: number;
  cooldown_counter: number;
  last_epoch: number;
  readonly in_cooldown: boolean;
  state_dict(): Record<string, any>;
  load_state_dict(state: Record<string, any>): void;
}
export interface LRSchedulers {
  _LRScheduler: typeof LRScheduler;
  LambdaLR: new (optimizer: Optimizer, lr_lambda: ((epoch: number) => number) | Array<(epoch: number) => number> | ({ lr_lambda: ((epoch: number) => number) | Array<(epoch: number) => number> } & SchedOpts), opts?: SchedOpts) => LRScheduler;
  StepLR: new (optimizer: Optimizer, step_size: number | ({ step_size: number; gamma?: number } & SchedOpts), opts?: { gamma?: number } & SchedOpts) => LRScheduler;
  MultiStepLR: new (optimizer: Optimizer, milestones: number[] | ({ milestones: number[]; gamma?: number } & SchedOpts), opts?: { gamma?: number } & SchedOpts) => LRScheduler;
  ExponentialLR: new (optimizer: Optimizer, gamma: number | ({ gamma: number } & SchedOpts), opts?: SchedOpts) => LRScheduler;
  CosineAnnealingLR: new (optimizer: Optimizer, T_max: number | ({ T_max: number; eta_min?: number } & SchedOpts), opts?: { eta_min?: number } & SchedOpts) => LRScheduler;
  ReduceLROnPlateau: typeof ReduceLROnPlateau;
}
export interface Optim {
  AdamW: typeof AdamW;
  RMSprop: typeof RMSprop;
  Adagrad: typeof Adagrad;
  lr_scheduler: LRSchedulers;
}

declare const torch: Torch;
export default torch;
export { tensor };
// Classes reached at run time through torch (torch.nn.Linear, torch.dtype, ...): types only
// here, so that `import { Linear } from 'tensorpad'` fails to type-check as it fails to run.
export type {
  dtype, Tuple, Slice, Module, Linear, Sequential, ModuleList, Loss, Optimizer, SGD, Adam, 
  LayerNorm, BatchNorm1d, BatchNorm2d, BatchNorm3d, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d, MultiheadAttention, TransformerEncoderLayer, TransformerEncoder, TransformerDecoderLayer, TransformerDecoder, Transformer, Embedding, AdamW, RMSprop, Adagrad, LRScheduler, 
  ReduceLROnPlateau, Conv2d, Conv1d, ConvTranspose2d, ConvTranspose1d, Upsample, RNNCellBase, 
  RNNCell, GRUCell, LSTMCell, RNNBase, RNN, GRU, LSTM, PairLoss, PReLU, PadModule, 
  PairModule, ModuleDict, ParameterDict, ParameterList, Dataset, TensorDataset, Subset, 
  ConcatDataset, Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, 
  WeightedRandomSampler, BatchSampler, DataLoader
};
/** Forgets which warnings were shown, as a fresh Python process would (the playground calls it before each run). */
export declare function resetWarnings(): void;
declare function tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;

// ---- sorting, selection and the reductions around them (js/tensor/sort.js; src/ops/reduce/sort.c, src/ops/reduce/stats.c)
/** [values, indices] with .values / .indices; prints as torch.return_types.<name>(...). */
export interface ValuesIndices extends Omit<Array<Tensor>, 'values'> { readonly values: Tensor; readonly indices: Tensor; readonly [i: number]: Tensor }
/** aminmax's [min, max] with .min / .max; prints as torch.return_types.aminmax(...). */
export interface MinMax extends Array<Tensor> { readonly min: Tensor; readonly max: Tensor }
export type QuantileInterpolation = 'linear' | 'lower' | 'higher' | 'midpoint' | 'nearest';
export interface SortOptions { dim?: number; descending?: boolean; stable?: boolean }
export interface UniqueOptions { sorted?: boolean; return_inverse?: boolean; return_counts?: boolean; dim?: number | null }
type DimOpts = { dim?: number; keepdim?: boolean };

export declare interface Tensor<D extends DTypeName = any> {
  sort(dim?: number | SortOptions, descending?: boolean | SortOptions, opts?: SortOptions): ValuesIndices;
  argsort(dim?: number | SortOptions, descending?: boolean | SortOptions, opts?: SortOptions): Tensor;
  msort(): Tensor;
  topk(k: number | { k: number; dim?: number; largest?: boolean; sorted?: boolean }, dim?: number, largest?: boolean, sorted?: boolean,
    opts?: { dim?: number; largest?: boolean; sorted?: boolean }): ValuesIndices;
  kthvalue(k: number, dim?: number | DimOpts, keepdim?: boolean | DimOpts, opts?: DimOpts): ValuesIndices;
  median(): Tensor;
  median(dim: number | DimOpts, keepdim?: boolean | DimOpts, opts?: DimOpts): ValuesIndices;
  nanmedian(): Tensor;
  nanmedian(dim: number | DimOpts, keepdim?: boolean | DimOpts, opts?: DimOpts): ValuesIndices;
  mode(dim?: number | DimOpts, keepdim?: boolean | DimOpts, opts?: DimOpts): ValuesIndices;
  cummax(dim: number | { dim: number }): ValuesIndices;
  cummin(dim: number | { dim: number }): ValuesIndices;
  nansum(dim?: number | number[] | null | { dim?: number | number[]; keepdim?: boolean; dtype?: dtype }, keepdim?: boolean, opts?: { dtype?: dtype }): Tensor;
  nanmean(dim?: number | number[] | null | { dim?: number | number[]; keepdim?: boolean; dtype?: dtype }, keepdim?: boolean, opts?: { dtype?: dtype }): Tensor;
  count_nonzero(dim?: number | number[] | null | { dim?: number | number[] }): Tensor;
  aminmax(opts?: { dim?: number; keepdim?: boolean }): MinMax;
  logcumsumexp(dim: number | { dim: number }): Tensor;
  cumsum_(dim: number | { dim: number; dtype?: dtype }, opts?: { dtype?: dtype }): this;
  cumprod_(dim: number | { dim: number; dtype?: dtype }, opts?: { dtype?: dtype }): this;
  quantile(q: number | Tensor, dim?: number | null | { dim?: number; keepdim?: boolean; interpolation?: QuantileInterpolation },
    keepdim?: boolean, opts?: { interpolation?: QuantileInterpolation }): Tensor;
  nanquantile(q: number | Tensor, dim?: number | null | { dim?: number; keepdim?: boolean; interpolation?: QuantileInterpolation },
    keepdim?: boolean, opts?: { interpolation?: QuantileInterpolation }): Tensor;
  diff(n?: number | { n?: number; dim?: number; prepend?: Tensor | null; append?: Tensor | null }, dim?: number,
    prepend?: Tensor | null, append?: Tensor | null): Tensor;
  dist(other: Tensor, p?: number): Tensor;
  histc(bins?: number | { bins?: number; min?: number; max?: number }, min?: number, max?: number): Tensor;
  bincount(weights?: Tensor | null | { weights?: Tensor | null; minlength?: number }, minlength?: number): Tensor;
  /** A tensor, or a Tuple [values, inverse?, counts?] when return_inverse / return_counts. */
  unique(sorted?: boolean | UniqueOptions, return_inverse?: boolean, return_counts?: boolean, dim?: number | null): Tensor | Tensor[];
  unique_consecutive(return_inverse?: boolean | UniqueOptions, return_counts?: boolean, dim?: number | null): Tensor | Tensor[];
}

// ---- the SVD and what is built on it (js/linalg/svd.js) ------------------------------------------------
/** linalg.svd's (U, S, Vh). Singular vectors are unique only up to sign (docs/API.md). */
export interface LinalgSvdResult extends Array<Tensor> {
  U: Tensor;
  S: Tensor;
  Vh: Tensor;
}
/** torch.svd's (U, S, V), V = Vh.mH. */
export interface SvdResult extends Array<Tensor> {
  U: Tensor;
  S: Tensor;
  V: Tensor;
}
export interface PinvOptions { atol?: number | Tensor | null; rtol?: number | Tensor | null; hermitian?: boolean; rcond?: number | Tensor }
export declare interface Tensor<D extends DTypeName = any> {
  svd(some?: boolean | { some?: boolean; compute_uv?: boolean }, compute_uv?: boolean): SvdResult;
  pinverse(rcond?: number | { rcond?: number }): Tensor;
  matrix_exp(): Tensor;
  /** Deprecated in PyTorch 1.13 (warns once): linalg.eigh reading the upper triangle by default. */
  symeig(eigenvectors?: boolean | { eigenvectors?: boolean; upper?: boolean }, upper?: boolean): EighResult;
  geqrf(): GeqrfResult;
  orgqr(input2: Tensor): Tensor;
  ormqr(input2: Tensor, input3: Tensor, left?: boolean | { left?: boolean; transpose?: boolean }, transpose?: boolean): Tensor;
}
/** linalg.lstsq's (solution, residuals, rank, singular_values), filled per driver as PyTorch does. */
export interface LstsqResult extends Array<Tensor> {
  solution: Tensor;
  residuals: Tensor;
  rank: Tensor;
  singular_values: Tensor;
}
export type LstsqDriver = 'gelsy' | 'gels' | 'gelsd' | 'gelss';
/** geqrf's (a, tau): R above the diagonal of a, the Householder vectors below it. */
export interface GeqrfResult extends Array<Tensor> {
  a: Tensor;
  tau: Tensor;
}
export interface LinalgNamespace {
  householder_product(A: Tensor, tau: Tensor): Tensor;
  lstsq(A: Tensor, B: Tensor, rcond?: number | null | { rcond?: number | null; driver?: LstsqDriver | null }, opts?: { driver?: LstsqDriver | null }): LstsqResult;
  matrix_rank(A: Tensor, tol?: number | Tensor | PinvOptions, hermitian?: boolean | PinvOptions, opts?: PinvOptions): Tensor;
  svd(A: Tensor, full_matrices?: boolean | { full_matrices?: boolean; driver?: null }): LinalgSvdResult;
  svdvals(A: Tensor, opts?: { driver?: null }): Tensor;
  /** ord-norm of x over dim (all dims by default); LinalgVectorNormBackward0. */
  vector_norm(x: Tensor, ord?: number, dim?: number | number[] | null, keepdim?: boolean, opts?: { dtype?: dtype | null }): Tensor;
  vector_norm(x: Tensor, opts: { ord?: number; dim?: number | number[] | null; keepdim?: boolean; dtype?: dtype | null }): Tensor;
  /** ord in 'fro' | 'nuc' | ±1 | ±2 | ±Infinity, over the two dims (default the last two). */
  matrix_norm(A: Tensor, ord?: 'fro' | 'nuc' | number, dim?: [number, number], keepdim?: boolean, opts?: { dtype?: dtype | null }): Tensor;
  matrix_norm(A: Tensor, opts: { ord?: 'fro' | 'nuc' | number; dim?: [number, number]; keepdim?: boolean; dtype?: dtype | null }): Tensor;
  /** vector_norm or matrix_norm, as ord and dim say. */
  norm(A: Tensor, ord?: 'fro' | 'nuc' | number | null, dim?: number | number[] | null, keepdim?: boolean, opts?: { dtype?: dtype | null }): Tensor;
  norm(A: Tensor, opts: { ord?: 'fro' | 'nuc' | number | null; dim?: number | number[] | null; keepdim?: boolean; dtype?: dtype | null }): Tensor;
  pinv(A: Tensor, rcond?: number | Tensor | PinvOptions, hermitian?: boolean | PinvOptions, opts?: PinvOptions): Tensor;
  matrix_exp(A: Tensor): Tensor;
}
export interface Torch {
  svd(input: Tensor, some?: boolean | { some?: boolean; compute_uv?: boolean }, compute_uv?: boolean): SvdResult;
  pinverse(input: Tensor, rcond?: number | { rcond?: number }): Tensor;
  matrix_exp(input: Tensor): Tensor;
  symeig(input: Tensor, eigenvectors?: boolean | { eigenvectors?: boolean; upper?: boolean }, upper?: boolean): EighResult;
  geqrf(input: Tensor): GeqrfResult;
  orgqr(input: Tensor, input2: Tensor): Tensor;
  ormqr(input: Tensor, input2: Tensor, input3: Tensor, left?: boolean | { left?: boolean; transpose?: boolean }, transpose?: boolean): Tensor;
}

// ---- convolution and pooling (js/nn/conv.js, src/nn/conv.c) -------------------------------------
export type IntOrPair = number | number[];
export interface ConvOptions {
  bias?: Tensor | null;
  stride?: IntOrPair;
  /** An int, one per spatial dim, or 'valid' / 'same'. */
  padding?: IntOrPair | 'valid' | 'same';
  dilation?: IntOrPair;
  groups?: number;
}
export interface MaxPoolOptions { stride?: IntOrPair | null; padding?: IntOrPair; dilation?: IntOrPair; ceil_mode?: boolean; return_indices?: boolean }
export interface AvgPoolOptions { stride?: IntOrPair | null; padding?: IntOrPair; ceil_mode?: boolean; count_include_pad?: boolean; divisor_override?: number | null }
export interface Functional {
  /** input (N, C, L) or (C, L), weight (O, C / groups, k): ConvolutionBackward0 (unbatched: SqueezeBackward1). */
  conv1d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvOptions, stride?: IntOrPair | ConvOptions, padding?: IntOrPair | 'valid' | 'same', dilation?: IntOrPair, groups?: number): Tensor;
  /** input (N, C, H, W) or (C, H, W), weight (O, C / groups, kH, kW). */
  conv2d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvOptions, stride?: IntOrPair | ConvOptions, padding?: IntOrPair | 'valid' | 'same', dilation?: IntOrPair, groups?: number): Tensor;
  /** The pooled values, or [values, int64 indices] with return_indices. */
  max_pool2d(input: Tensor, kernel_size: IntOrPair, stride?: IntOrPair | null | MaxPoolOptions, padding?: IntOrPair, dilation?: IntOrPair, ceil_mode?: boolean, return_indices?: boolean): any;
  avg_pool2d(input: Tensor, kernel_size: IntOrPair, stride?: IntOrPair | null | AvgPoolOptions, padding?: IntOrPair, ceil_mode?: boolean, count_include_pad?: boolean, divisor_override?: number | null): Tensor;
  /** output_size: an int or [oh, ow] (null keeps that input size). */
  adaptive_avg_pool2d(input: Tensor, output_size: number | Array<number | null>): Tensor;
}
export interface ConvModuleOptions { stride?: IntOrPair; padding?: IntOrPair | 'valid' | 'same'; dilation?: IntOrPair; groups?: number; bias?: boolean; padding_mode?: 'zeros'; dtype?: dtype }
declare class Conv2d extends Module {
  constructor(in_channels: number, out_channels: number, kernel_size: IntOrPair, opts?: ConvModuleOptions);
  in_channels: number;
  out_channels: number;
  kernel_size: number[];
  stride: number[];
  padding: number[] | 'valid' | 'same';
  dilation: number[];
  groups: number;
  padding_mode: string;
  weight: Tensor;
  bias: Tensor | null;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
declare class Conv1d extends Conv2d {}
export interface NN {
  Conv1d: typeof Conv1d;
  Conv2d: typeof Conv2d;
  MaxPool2d: new (kernel_size: IntOrPair, stride?: IntOrPair | null | Omit<MaxPoolOptions, 'stride'> & { stride?: IntOrPair | null }, padding?: IntOrPair, dilation?: IntOrPair, return_indices?: boolean, ceil_mode?: boolean) => Activation;
  AvgPool2d: new (kernel_size: IntOrPair, stride?: IntOrPair | null | AvgPoolOptions, padding?: IntOrPair, ceil_mode?: boolean, count_include_pad?: boolean, divisor_override?: number | null) => Activation;
  AdaptiveAvgPool2d: new (output_size: number | Array<number | null>) => Activation;
  LPPool1d: new (norm_type: number, kernel_size: number, stride?: number | null | { stride?: number | null; ceil_mode?: boolean }, ceil_mode?: boolean) => Activation;
  LPPool2d: new (norm_type: number, kernel_size: IntOrPair, stride?: IntOrPair | null | { stride?: IntOrPair | null; ceil_mode?: boolean }, ceil_mode?: boolean) => Activation;
  Flatten: new (start_dim?: number | { start_dim?: number; end_dim?: number }, end_dim?: number) => Activation;
  Unflatten: new (dim: number, unflattened_size: number[]) => Activation;
}
export interface Torch {
  conv1d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvOptions, stride?: IntOrPair | ConvOptions, padding?: IntOrPair | 'valid' | 'same', dilation?: IntOrPair, groups?: number): Tensor;
  conv2d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvOptions, stride?: IntOrPair | ConvOptions, padding?: IntOrPair | 'valid' | 'same', dilation?: IntOrPair, groups?: number): Tensor;
  /** The values only (torch.max_pool2d). */
  max_pool2d(input: Tensor, kernel_size: IntOrPair, stride?: IntOrPair | MaxPoolOptions, padding?: IntOrPair, dilation?: IntOrPair, ceil_mode?: boolean): Tensor;
}

// ---- transposed convolution (js/nn/conv.js, src/nn/conv.c) ------------------------------------------
export interface ConvTransposeOptions {
  bias?: Tensor | null;
  stride?: IntOrPair;
  padding?: IntOrPair;
  output_padding?: IntOrPair;
  groups?: number;
  dilation?: IntOrPair;
}
export interface Functional {
  /** input (N, C_in, L) or (C_in, L), weight (C_in, C_out / groups, k): ConvolutionBackward0. */
  conv_transpose1d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvTransposeOptions, stride?: IntOrPair | ConvTransposeOptions, padding?: IntOrPair, output_padding?: IntOrPair, groups?: number, dilation?: IntOrPair): Tensor;
  /** input (N, C_in, H, W) or (C_in, H, W), weight (C_in, C_out / groups, kH, kW). */
  conv_transpose2d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvTransposeOptions, stride?: IntOrPair | ConvTransposeOptions, padding?: IntOrPair, output_padding?: IntOrPair, groups?: number, dilation?: IntOrPair): Tensor;
}
export interface ConvTransposeModuleOptions { stride?: IntOrPair; padding?: IntOrPair; output_padding?: IntOrPair; groups?: number; bias?: boolean; dilation?: IntOrPair; padding_mode?: 'zeros'; dtype?: dtype }
declare class ConvTranspose2d extends Module {
  constructor(in_channels: number, out_channels: number, kernel_size: IntOrPair, opts?: ConvTransposeModuleOptions);
  in_channels: number;
  out_channels: number;
  kernel_size: number[];
  stride: number[];
  padding: number[];
  output_padding: number[];
  dilation: number[];
  groups: number;
  padding_mode: string;
  weight: Tensor;
  bias: Tensor | null;
  reset_parameters(): void;
  /** output_size: the spatial sizes wanted (or with the batch/channel dims in front). */
  forward(input: Tensor, output_size?: number[] | null): Tensor;
  call(input: Tensor, output_size?: number[] | null): Tensor;
}
declare class ConvTranspose1d extends ConvTranspose2d {}
export interface NN {
  ConvTranspose1d: typeof ConvTranspose1d;
  ConvTranspose2d: typeof ConvTranspose2d;
}
export interface Torch {
  conv_transpose1d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvTransposeOptions, stride?: IntOrPair | ConvTransposeOptions, padding?: IntOrPair, output_padding?: IntOrPair, groups?: number, dilation?: IntOrPair): Tensor;
  conv_transpose2d(input: Tensor, weight: Tensor, bias?: Tensor | null | ConvTransposeOptions, stride?: IntOrPair | ConvTransposeOptions, padding?: IntOrPair, output_padding?: IntOrPair, groups?: number, dilation?: IntOrPair): Tensor;
}

// ---- 1-D pooling and adaptive max pooling (js/nn/conv.js) ----------------------------------------
export interface MaxPool1dOptions { stride?: number | number[] | null; padding?: number | number[]; dilation?: number | number[]; ceil_mode?: boolean; return_indices?: boolean }
export interface AvgPool1dOptions { stride?: number | number[] | null; padding?: number | number[]; ceil_mode?: boolean; count_include_pad?: boolean }
export interface Functional {
  /** The pooled values, or [values, int64 indices] with return_indices. */
  max_pool1d(input: Tensor, kernel_size: number | number[], stride?: number | number[] | null | MaxPool1dOptions, padding?: number | number[], dilation?: number | number[], ceil_mode?: boolean, return_indices?: boolean): any;
  avg_pool1d(input: Tensor, kernel_size: number | number[], stride?: number | number[] | null | AvgPool1dOptions, padding?: number | number[], ceil_mode?: boolean, count_include_pad?: boolean): Tensor;
  adaptive_avg_pool1d(input: Tensor, output_size: number | number[]): Tensor;
  /** (sum over each window of x^p)^(1/p), composed as 1.13's functional.py. */
  lp_pool1d(input: Tensor, norm_type: number, kernel_size: number, stride?: number | null | { stride?: number | null; ceil_mode?: boolean }, ceil_mode?: boolean): Tensor;
  lp_pool2d(input: Tensor, norm_type: number, kernel_size: number | number[], stride?: number | number[] | null | { stride?: number | number[] | null; ceil_mode?: boolean }, ceil_mode?: boolean): Tensor;
  /** The pooled values, or [values, int64 indices] with return_indices. */
  adaptive_max_pool1d(input: Tensor, output_size: number | number[], return_indices?: boolean): any;
  /** output_size: an int or [oh, ow] (null keeps that input size); [values, indices] with return_indices. */
  adaptive_max_pool2d(input: Tensor, output_size: number | Array<number | null>, return_indices?: boolean): any;
}
export interface NN {
  MaxPool1d: new (kernel_size: number | number[], stride?: number | number[] | null | Omit<MaxPool1dOptions, 'stride'> & { stride?: number | number[] | null }, padding?: number | number[], dilation?: number | number[], return_indices?: boolean, ceil_mode?: boolean) => Activation;
  AvgPool1d: new (kernel_size: number | number[], stride?: number | number[] | null | AvgPool1dOptions, padding?: number | number[], ceil_mode?: boolean, count_include_pad?: boolean) => Activation;
  AdaptiveAvgPool1d: new (output_size: number | number[]) => Activation;
  AdaptiveMaxPool1d: new (output_size: number | number[], return_indices?: boolean) => Activation;
  AdaptiveMaxPool2d: new (output_size: number | Array<number | null>, return_indices?: boolean) => Activation;
}

// ---- upsampling (js/nn/conv.js interpolate, src/nn/conv.c) -----------------------------------------
export type InterpolateMode = 'nearest' | 'linear' | 'bilinear' | 'area' | 'bicubic' | 'trilinear' | 'nearest-exact';
export interface InterpolateOptions {
  size?: number | number[] | null;
  scale_factor?: number | number[] | null;
  mode?: InterpolateMode;
  align_corners?: boolean | null;
  recompute_scale_factor?: boolean | null;
  antialias?: boolean;
}
export interface UpsampleOptions { size?: number | number[] | null; scale_factor?: number | number[] | null; mode?: InterpolateMode; align_corners?: boolean | null; recompute_scale_factor?: boolean | null }
declare class Upsample extends Module {
  constructor(size?: number | number[] | null | UpsampleOptions, scale_factor?: number | number[] | null, mode?: InterpolateMode, align_corners?: boolean | null, recompute_scale_factor?: boolean | null);
  name: string;
  size: number | number[] | null;
  scale_factor: number | number[] | null;
  mode: InterpolateMode;
  align_corners: boolean | null;
  recompute_scale_factor: boolean | null;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
export interface Functional {
  /** (N, C, W) or (N, C, H, W): nearest, nearest-exact, linear (3-D), bilinear and bicubic (4-D), area. */
  interpolate(input: Tensor, size?: number | number[] | null | InterpolateOptions, scale_factor?: number | number[] | null, mode?: InterpolateMode, align_corners?: boolean | null, recompute_scale_factor?: boolean | null, antialias?: boolean): Tensor;
  /** Deprecated forms of interpolate (they warn). */
  upsample(input: Tensor, size?: number | number[] | null | InterpolateOptions, scale_factor?: number | number[] | null, mode?: InterpolateMode, align_corners?: boolean | null): Tensor;
  upsample_nearest(input: Tensor, size?: number | number[] | null | { size?: number | number[] | null; scale_factor?: number | number[] | null }, scale_factor?: number | number[] | null): Tensor;
  upsample_bilinear(input: Tensor, size?: number | number[] | null | { size?: number | number[] | null; scale_factor?: number | number[] | null }, scale_factor?: number | number[] | null): Tensor;
}
export interface NN {
  Upsample: typeof Upsample;
  UpsamplingNearest2d: new (size?: number | number[] | null | { size?: number | number[] | null; scale_factor?: number | number[] | null }, scale_factor?: number | number[] | null) => Upsample;
  UpsamplingBilinear2d: new (size?: number | number[] | null | { size?: number | number[] | null; scale_factor?: number | number[] | null }, scale_factor?: number | number[] | null) => Upsample;
}

// ---- recurrent layers (js/nn/rnn.js) ---------------------------------------------------------
export interface RNNCellOptions { bias?: boolean; nonlinearity?: 'tanh' | 'relu'; dtype?: dtype }
/** nn.RNNCellBase: weight_ih (chunks*hidden, input), weight_hh (chunks*hidden, hidden), bias_ih, bias_hh. */
declare class RNNCellBase extends Module {
  input_size: number;
  hidden_size: number;
  bias: boolean;
  weight_ih: Tensor;
  weight_hh: Tensor;
  bias_ih: Tensor | null;
  bias_hh: Tensor | null;
  reset_parameters(): void;
}
declare class RNNCell extends RNNCellBase {
  constructor(input_size: number, hidden_size: number, bias?: boolean | RNNCellOptions, nonlinearity?: 'tanh' | 'relu');
  nonlinearity: string;
  /** input (B, input_size) or (input_size); hx defaults to zeros. */
  forward(input: Tensor, hx?: Tensor | null): Tensor;
  call(input: Tensor, hx?: Tensor | null): Tensor;
}
declare class GRUCell extends RNNCellBase {
  constructor(input_size: number, hidden_size: number, bias?: boolean | { bias?: boolean; dtype?: dtype });
  forward(input: Tensor, hx?: Tensor | null): Tensor;
  call(input: Tensor, hx?: Tensor | null): Tensor;
}
declare class LSTMCell extends RNNCellBase {
  constructor(input_size: number, hidden_size: number, bias?: boolean | { bias?: boolean; dtype?: dtype });
  /** Returns [h', c']; hx = [h, c] defaults to zeros. */
  forward(input: Tensor, hx?: [Tensor, Tensor] | null): [Tensor, Tensor];
  call(input: Tensor, hx?: [Tensor, Tensor] | null): [Tensor, Tensor];
}
export interface RNNOptions {
  num_layers?: number; bias?: boolean; batch_first?: boolean;
  /** After every layer but the last, in training mode (1.13's masks under manual_seed). */
  dropout?: number; bidirectional?: boolean; proj_size?: 0; dtype?: dtype;
}
/** nn.RNNBase: parameters weight_ih_l{k}[_reverse], weight_hh_l{k}, bias_ih_l{k}, bias_hh_l{k}. */
declare class RNNBase extends Module {
  mode: string;
  input_size: number;
  hidden_size: number;
  num_layers: number;
  bias: boolean;
  batch_first: boolean;
  dropout: number;
  bidirectional: boolean;
  readonly all_weights: Tensor[][];
  reset_parameters(): void;
  flatten_parameters(): void;
  [param: string]: any;
}
declare class RNN extends RNNBase {
  constructor(input_size: number, hidden_size: number, num_layers?: number | (RNNOptions & { nonlinearity?: 'tanh' | 'relu' }), bias?: boolean, batch_first?: boolean, dropout?: number, bidirectional?: boolean);
  /** input (L, B, H_in) (batch_first: (B, L, H_in)) or (L, H_in); returns [output, h_n]. */
  forward(input: Tensor, hx?: Tensor | null): [Tensor, Tensor];
  call(input: Tensor, hx?: Tensor | null): [Tensor, Tensor];
}
declare class GRU extends RNN {}
declare class LSTM extends RNNBase {
  constructor(input_size: number, hidden_size: number, num_layers?: number | RNNOptions, bias?: boolean, batch_first?: boolean, dropout?: number, bidirectional?: boolean);
  /** Returns [output, [h_n, c_n]]. */
  forward(input: Tensor, hx?: [Tensor, Tensor] | null): [Tensor, [Tensor, Tensor]];
  call(input: Tensor, hx?: [Tensor, Tensor] | null): [Tensor, [Tensor, Tensor]];
}
export interface NN {
  RNNCellBase: typeof RNNCellBase;
  RNNCell: typeof RNNCell;
  LSTMCell: typeof LSTMCell;
  GRUCell: typeof GRUCell;
  RNNBase: typeof RNNBase;
  RNN: typeof RNN;
  LSTM: typeof LSTM;
  GRU: typeof GRU;
}

// ---- more losses (js/nn/loss.js, src/nn/loss.c) ---------------------------------------------------
/** The reduction options of a loss, with 1.13's deprecated size_average / reduce (they win, with a warning). */
export interface LossOptions { size_average?: boolean | null; reduce?: boolean | null; reduction?: Reduction }
/** A loss over (input1, input2, target): MarginRankingLoss, CosineEmbeddingLoss. */
declare class PairLoss extends Module {
  reduction: Reduction;
  margin: number;
  forward(input1: Tensor, input2: Tensor, target: Tensor): Tensor;
  call(input1: Tensor, input2: Tensor, target: Tensor): Tensor;
}
export interface Functional {
  /** SmoothL1LossBackward0; beta = 0 is the L1 loss. Sizes that differ warn, then broadcast. */
  smooth_l1_loss(input: Tensor, target: Tensor, opts?: LossOptions & { beta?: number }): Tensor;
  /** HuberLossBackward0; the result keeps input's dtype. */
  huber_loss(input: Tensor, target: Tensor, opts?: { reduction?: Reduction; delta?: number }): Tensor;
  /** input: log-probabilities; 'mean' warns (use 'batchmean'). */
  kl_div(input: Tensor, target: Tensor, opts?: Omit<LossOptions, 'reduction'> & { reduction?: Reduction | 'batchmean'; log_target?: boolean }): Tensor;
  /** SoftMarginLossBackward0; target must not require grad. */
  soft_margin_loss(input: Tensor, target: Tensor, opts?: LossOptions): Tensor;
  margin_ranking_loss(input1: Tensor, input2: Tensor, target: Tensor, margin?: number | LossOptions & { margin?: number }, opts?: LossOptions): Tensor;
  hinge_embedding_loss(input: Tensor, target: Tensor, margin?: number | LossOptions & { margin?: number }, opts?: LossOptions): Tensor;
  cosine_embedding_loss(input1: Tensor, input2: Tensor, target: Tensor, margin?: number | LossOptions & { margin?: number }, opts?: LossOptions): Tensor;
  poisson_nll_loss(input: Tensor, target: Tensor, opts?: LossOptions & { log_input?: boolean; full?: boolean; eps?: number }): Tensor;
  gaussian_nll_loss(input: Tensor, target: Tensor, v: Tensor, full?: boolean | { full?: boolean; eps?: number; reduction?: Reduction }, eps?: number, reduction?: Reduction): Tensor;
  triplet_margin_loss(anchor: Tensor, positive: Tensor, negative: Tensor, margin?: number | TripletOptions, p?: number, eps?: number, swap?: boolean): Tensor;
  multilabel_soft_margin_loss(input: Tensor, target: Tensor, opts?: LossOptions & { weight?: Tensor | null }): Tensor;
  /** MultiMarginLossBackward0; target: int64 class indices. */
  multi_margin_loss(input: Tensor, target: Tensor, p?: 1 | 2 | MultiMarginOptions, margin?: number, weight?: Tensor | null): Tensor;
  /** MultilabelMarginLossBackward0; target: int64, each row's class indices up to the first -1. */
  multilabel_margin_loss(input: Tensor, target: Tensor, opts?: LossOptions): Tensor;
}
export interface MultiMarginOptions extends LossOptions { p?: 1 | 2; margin?: number; weight?: Tensor | null }
export interface TripletOptions extends LossOptions { margin?: number; p?: number; eps?: number; swap?: boolean }
export interface NN {
  SmoothL1Loss: new (opts?: LossOptions & { beta?: number }) => Loss & { beta: number };
  HuberLoss: new (opts?: { reduction?: Reduction; delta?: number }) => Loss & { delta: number };
  KLDivLoss: new (opts?: Omit<LossOptions, 'reduction'> & { reduction?: Reduction | 'batchmean'; log_target?: boolean }) => Loss & { log_target: boolean };
  SoftMarginLoss: new (opts?: LossOptions) => Loss;
  MarginRankingLoss: new (margin?: number | LossOptions & { margin?: number }) => PairLoss;
  HingeEmbeddingLoss: new (margin?: number | LossOptions & { margin?: number }) => Loss & { margin: number };
  CosineEmbeddingLoss: new (margin?: number | LossOptions & { margin?: number }) => PairLoss;
  PoissonNLLLoss: new (opts?: LossOptions & { log_input?: boolean; full?: boolean; eps?: number }) => Loss & { log_input: boolean; full: boolean; eps: number };
  /** Keyword-only options; forward(input, target, var). */
  GaussianNLLLoss: new (opts?: { full?: boolean; eps?: number; reduction?: Reduction }) => Module & {
    reduction: Reduction; full: boolean; eps: number; forward(input: Tensor, target: Tensor, v: Tensor): Tensor; call(input: Tensor, target: Tensor, v: Tensor): Tensor };
  /** forward(anchor, positive, negative). */
  TripletMarginLoss: new (margin?: number | TripletOptions) => Module & {
    reduction: Reduction; margin: number; p: number; eps: number; swap: boolean;
    forward(anchor: Tensor, positive: Tensor, negative: Tensor): Tensor; call(anchor: Tensor, positive: Tensor, negative: Tensor): Tensor };
  MultiLabelSoftMarginLoss: new (weight?: Tensor | null | LossOptions & { weight?: Tensor | null }) => Loss & { weight: Tensor | null };
  MultiMarginLoss: new (p?: 1 | 2 | MultiMarginOptions, margin?: number, weight?: Tensor | null) => Loss & { p: number; margin: number; weight: Tensor | null };
  MultiLabelMarginLoss: new (opts?: LossOptions) => Loss;
}

// ---- torch.nn activations and small functional pieces (js/nn/activation.js) ---------------------------
type InplaceOpt = boolean | { inplace?: boolean };
declare class PReLU extends Module {
  constructor(num_parameters?: number | { num_parameters?: number; init?: number; dtype?: dtype }, init?: number);
  num_parameters: number;
  weight: Tensor;
  reset_parameters(): void;
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
export interface Functional {
  /** EluBackward0 (in place: EluBackward1). */
  elu(input: Tensor, alpha?: number | { alpha?: number; inplace?: boolean }, inplace?: boolean): Tensor;
  elu_(input: Tensor, alpha?: number): Tensor;
  selu(input: Tensor, inplace?: InplaceOpt): Tensor;
  selu_(input: Tensor): Tensor;
  celu(input: Tensor, alpha?: number | { alpha?: number; inplace?: boolean }, inplace?: boolean): Tensor;
  celu_(input: Tensor, alpha?: number): Tensor;
  hardtanh(input: Tensor, min_val?: number | { min_val?: number; max_val?: number; inplace?: boolean }, max_val?: number, inplace?: boolean): Tensor;
  hardtanh_(input: Tensor, min_val?: number, max_val?: number): Tensor;
  relu6(input: Tensor, inplace?: InplaceOpt): Tensor;
  hardsigmoid(input: Tensor, inplace?: InplaceOpt): Tensor;
  hardswish(input: Tensor, inplace?: InplaceOpt): Tensor;
  mish(input: Tensor, inplace?: InplaceOpt): Tensor;
  logsigmoid(input: Tensor): Tensor;
  softsign(input: Tensor): Tensor;
  softshrink(input: Tensor, lambd?: number): Tensor;
  hardshrink(input: Tensor, lambd?: number): Tensor;
  tanhshrink(input: Tensor): Tensor;
  threshold(input: Tensor, threshold: number, value: number, inplace?: boolean): Tensor;
  threshold_(input: Tensor, threshold: number, value: number): Tensor;
  glu(input: Tensor, dim?: number): Tensor;
  prelu(input: Tensor, weight: Tensor): Tensor;
  softmin(input: Tensor, dim?: number | null | { dim?: number | null; dtype?: dtype }, _stacklevel?: number, dtype?: dtype | null): Tensor;
  /** Training mode draws noise with uniform_ (not PyTorch's random stream). */
  rrelu(input: Tensor, lower?: number | { lower?: number; upper?: number; training?: boolean; inplace?: boolean }, upper?: number, training?: boolean, inplace?: boolean): Tensor;
  rrelu_(input: Tensor, lower?: number, upper?: number, training?: boolean): Tensor;
}
export interface NN {
  ELU: new (alpha?: number | { alpha?: number; inplace?: boolean }, inplace?: boolean) => Activation;
  SELU: new (inplace?: InplaceOpt) => Activation;
  CELU: new (alpha?: number | { alpha?: number; inplace?: boolean }, inplace?: boolean) => Activation;
  Hardtanh: new (min_val?: number | { min_val?: number; max_val?: number; inplace?: boolean }, max_val?: number, inplace?: boolean) => Activation;
  ReLU6: new (inplace?: InplaceOpt) => Activation;
  Hardsigmoid: new (inplace?: InplaceOpt) => Activation;
  Hardswish: new (inplace?: InplaceOpt) => Activation;
  Mish: new (inplace?: InplaceOpt) => Activation;
  LogSigmoid: new () => Activation;
  Softsign: new () => Activation;
  Softshrink: new (lambd?: number) => Activation;
  Hardshrink: new (lambd?: number) => Activation;
  Tanhshrink: new () => Activation;
  Threshold: new (threshold: number, value: number, inplace?: boolean) => Activation;
  GLU: new (dim?: number) => Activation;
  PReLU: typeof PReLU;
  Softmin: new (dim?: number | null) => Activation;
  RReLU: new (lower?: number | { lower?: number; upper?: number; inplace?: boolean }, upper?: number, inplace?: boolean) => Activation;
}
export interface Torch {
  selu(input: Tensor): Tensor;
  selu_(input: Tensor): Tensor;
  celu(input: Tensor, alpha?: number): Tensor;
  celu_(input: Tensor, alpha?: number): Tensor;
  threshold(input: Tensor, threshold: number, value: number): Tensor;
  threshold_(input: Tensor, threshold: number, value: number): Tensor;
  rrelu(input: Tensor, lower?: number, upper?: number, training?: boolean): Tensor;
  rrelu_(input: Tensor, lower?: number, upper?: number, training?: boolean): Tensor;
}
export interface Functional {
  /** int64 [..., num_classes] (num_classes -1: max + 1). */
  one_hot(tensor: Tensor, num_classes?: number | { num_classes?: number }): Tensor;
  /** pad: (left, right) pairs from the last dim back; ConstantPadNdBackward0, ReflectionPad1DBackward0, ... (circular: CopySlices). */
  pad(input: Tensor, pad: number[], mode?: 'constant' | 'reflect' | 'replicate' | 'circular' | { mode?: 'constant' | 'reflect' | 'replicate' | 'circular'; value?: number | null }, value?: number | null): Tensor;
  normalize(input: Tensor, p?: number | { p?: number; dim?: number; eps?: number }, dim?: number, eps?: number): Tensor;
  cosine_similarity(x1: Tensor, x2: Tensor, dim?: number, eps?: number): Tensor;
  pairwise_distance(x1: Tensor, x2: Tensor, p?: number, eps?: number, keepdim?: boolean): Tensor;
}
declare class PadModule extends Module {
  padding: number[];
  forward(input: Tensor): Tensor;
  call(input: Tensor): Tensor;
}
declare class PairModule extends Module {
  forward(x1: Tensor, x2: Tensor): Tensor;
  call(x1: Tensor, x2: Tensor): Tensor;
}
export interface NN {
  ZeroPad2d: new (padding: number | number[]) => PadModule;
  ConstantPad1d: new (padding: number | number[], value: number) => PadModule;
  ConstantPad2d: new (padding: number | number[], value: number) => PadModule;
  ConstantPad3d: new (padding: number | number[], value: number) => PadModule;
  /** softmax over dim -3 of a 3-D or 4-D input. */
  Softmax2d: new () => Activation;
  ReflectionPad1d: new (padding: number | number[]) => PadModule;
  ReflectionPad2d: new (padding: number | number[]) => PadModule;
  ReplicationPad1d: new (padding: number | number[]) => PadModule;
  ReplicationPad2d: new (padding: number | number[]) => PadModule;
  CosineSimilarity: new (dim?: number | { dim?: number; eps?: number }, eps?: number) => PairModule;
  PairwiseDistance: new (p?: number | { p?: number; eps?: number; keepdim?: boolean }, eps?: number, keepdim?: boolean) => PairModule;
}
export interface Torch {
  constant_pad_nd(input: Tensor, pad: number[], value?: number): Tensor;
}
/** The dict methods nn.ModuleDict and nn.ParameterDict share (V: Module or Tensor). */
export interface ModuleDictLike<V> {
  keys(): string[];
  values(): V[];
  items(): Array<[string, V]>;
  readonly length: number;
  has(key: string): boolean;
  /** d[key] (KeyError text when missing). */
  get(key: string): V;
  set(key: string, value: V): void;
  pop(key: string): V;
  clear(): void;
  update(entries: Record<string, V> | Map<string, V> | Array<[string, V]>): void;
  [Symbol.iterator](): Iterator<string>;
}
interface ModuleDict extends ModuleDictLike<Module> {}
declare class ModuleDict extends Module {
  constructor(modules?: Record<string, Module> | Map<string, Module> | Array<[string, Module]> | null);
  [key: string]: any;
}
interface ParameterDict extends ModuleDictLike<Tensor> {}
declare class ParameterDict extends Module {
  /** A plain object's entries are added in sorted key order, as 1.13 does for a dict. */
  constructor(parameters?: Record<string, Tensor> | Map<string, Tensor> | Array<[string, Tensor]> | null);
  [key: string]: any;
}
declare class ParameterList extends Module {
  constructor(values?: Iterable<Tensor> | null);
  readonly length: number;
  /** l[idx], negative indices from the end. */
  get(idx: number): Tensor;
  set(idx: number, param: Tensor): void;
  append(value: Tensor): this;
  extend(values: Iterable<Tensor>): this;
  [index: number]: Tensor;
  [Symbol.iterator](): Iterator<Tensor>;
}
export interface NN {
  ModuleDict: typeof ModuleDict;
  ParameterDict: typeof ParameterDict;
  ParameterList: typeof ParameterList;
}

// ---- torch.utils.data (js/utils/data/data.js) ------------------------------------------------------------
/** A map-style dataset: a Dataset, a plain array, a Tensor (first dimension), or any object with getitem/len. */
export type DatasetLike<T = any> = Dataset<T> | T[] | Tensor | { getitem(index: number): T; len(): number };
/** torch.utils.data.Dataset: subclasses implement getitem(i) (Python's __getitem__) and len() (__len__). */
declare class Dataset<T = any> {
  getitem(index: number): T;
  len(): number;
  readonly length: number;
  /** Python's `a + b`: a ConcatDataset. */
  add(other: DatasetLike<T>): ConcatDataset<T>;
}
declare class TensorDataset extends Dataset<Tensor[]> {
  constructor(...tensors: Tensor[]);
  readonly tensors: Tensor[];
}
declare class Subset<T = any> extends Dataset<T> {
  constructor(dataset: DatasetLike<T>, indices: number[]);
  readonly dataset: DatasetLike<T>;
  readonly indices: number[];
}
declare class ConcatDataset<T = any> extends Dataset<T> {
  constructor(datasets: Iterable<DatasetLike<T>>);
  readonly datasets: DatasetLike<T>[];
  readonly cumulative_sizes: number[];
}
declare class Sampler<T = number> implements Iterable<T> {
  [Symbol.iterator](): Iterator<T>;
  len(): number;
  readonly length: number;
}
declare class SequentialSampler extends Sampler<number> {
  constructor(data_source: DatasetLike);
}
declare class RandomSampler extends Sampler<number> {
  constructor(data_source: DatasetLike, opts?: { replacement?: boolean; num_samples?: number | null; generator?: Generator | null });
  readonly num_samples: number;
}
declare class SubsetRandomSampler extends Sampler<number> {
  constructor(indices: number[], opts?: { generator?: Generator | null });
}
declare class WeightedRandomSampler extends Sampler<number> {
  constructor(weights: number[] | Tensor, num_samples: number, replacement?: boolean | { replacement?: boolean; generator?: Generator | null }, opts?: { generator?: Generator | null });
  readonly weights: Tensor;
  readonly num_samples: number;
}
declare class BatchSampler extends Sampler<number[]> {
  constructor(sampler: Iterable<number> & ({ len(): number } | { length: number }), batch_size: number, drop_last: boolean);
}
export interface DataLoaderOptions {
  batch_size?: number | null;
  shuffle?: boolean | null;
  sampler?: Iterable<number> | null;
  batch_sampler?: Iterable<number[]> | null;
  /** Only 0: tensorpad loads in one thread. */
  num_workers?: number;
  collate_fn?: ((batch: any) => any) | null;
  /** Accepted and ignored. */
  pin_memory?: boolean;
  drop_last?: boolean;
  timeout?: number;
  generator?: Generator | null;
  prefetch_factor?: number;
  persistent_workers?: boolean;
}
export interface DataLoaderIterator<B> extends IterableIterator<B> {
  len(): number;
  readonly length: number;
}
/** torch.utils.data.DataLoader, single-process; iterate with for...of. */
declare class DataLoader<B = any> implements Iterable<B> {
  constructor(dataset: DatasetLike, opts?: DataLoaderOptions);
  readonly dataset: DatasetLike;
  readonly batch_size: number | null;
  readonly drop_last: boolean;
  readonly sampler: Iterable<number>;
  readonly batch_sampler: Iterable<number[]> | null;
  readonly generator: Generator | null;
  readonly collate_fn: (batch: any) => B;
  [Symbol.iterator](): DataLoaderIterator<B>;
  len(): number;
  readonly length: number;
}
export interface UtilsData {
  Dataset: typeof Dataset;
  TensorDataset: typeof TensorDataset;
  Subset: typeof Subset;
  ConcatDataset: typeof ConcatDataset;
  random_split<T>(dataset: DatasetLike<T>, lengths: number[], opts?: { generator?: Generator | null }): Subset<T>[];
  Sampler: typeof Sampler;
  SequentialSampler: typeof SequentialSampler;
  RandomSampler: typeof RandomSampler;
  SubsetRandomSampler: typeof SubsetRandomSampler;
  WeightedRandomSampler: typeof WeightedRandomSampler;
  BatchSampler: typeof BatchSampler;
  DataLoader: typeof DataLoader;
  default_collate(batch: any[]): any;
  default_convert<T>(data: T): T;
}
export interface Torch {
  readonly utils: { readonly data: UtilsData };
}

// ---- The rest of the op table, typed loosely ----------------------------------------------
// These names are exact: tests/js/types.test.mjs holds every declared name to the runtime
// and every public runtime name to these declarations. Their arguments are not typed yet;
// declaring a method precisely above means taking it out of a list here.
/** Methods that return a new tensor. */
export type LooseTensorMethodName =
  "abs" | "absolute" | "acos" | "acosh" | "addmm" | "amax" | "amin" | "arccos" | "arccosh" |
  "arcsin" | "arcsinh" | "arctan" | "arctan2" | "arctanh" | "argmax" | "argmin" | "argwhere" |
  "asin" | "asinh" | "atan" | "atan2" | "atanh" | "bitwise_and" | "bitwise_left_shift" |
  "bitwise_not" | "bitwise_or" | "bitwise_right_shift" | "bitwise_xor" | "ceil" | "clamp" |
  "clamp_max" | "clamp_min" | "clip" | "copysign" | "cos" | "cosh" | "cumprod" | "cumsum" |
  "deg2rad" | "digamma" | "divide" | "erf" | "erfc" | "erfinv" | "exp2" | "expm1" | "fix" |
  "flip" | "fliplr" | "flipud" | "float_power" | "floor" | "floor_divide" | "fmax" | "fmin" |
  "fmod" | "frac" | "gather" | "gcd" | "gelu" | "ger" | "heaviside" | "hypot" | "index_add" |
  "index_copy" | "index_fill" | "index_put" | "index_select" | "lcm" | "ldexp" | "lgamma" |
  "log10" | "log1p" | "log2" | "log_softmax" | "logaddexp" | "logaddexp2" | "logsumexp" |
  "masked_fill" | "masked_select" | "maximum" | "minimum" | "multiply" | "negative" | "nextafter" |
  "nonzero" | "norm" | "prod" | "rad2deg" | "reciprocal" | "remainder" | "repeat" | "roll" |
  "round" | "rsqrt" | "rsub" | "scatter" | "scatter_add" | "sgn" | "sign" | "silu" | "sin" |
  "sinc" | "sinh" | "softmax" | "sqrt" | "square" | "std" | "subtract" | "take_along_dim" | "tan" |
  "tile" | "tril" | "triu" | "true_divide" | "trunc" | "var" | "where" | "xlogy";
/** Methods that return a new bool tensor (comparisons, tests, logical ops, any/all). */
export type LooseBoolMethodName =
  "all" | "any" | "eq" | "ge" | "greater" | "greater_equal" | "gt" | "isfinite" | "isinf" |
  "isnan" | "isneginf" | "isposinf" | "isreal" | "le" | "less" | "less_equal" | "logical_and" |
  "logical_not" | "logical_or" | "logical_xor" | "lt" | "ne" | "not_equal" | "signbit";
/** In-place methods (they return the tensor itself). */
export type LooseInplaceMethodName =
  "abs_" | "absolute_" | "acos_" | "acosh_" | "add_" | "addcdiv_" | "addcmul_" | "arccos_" | 
  "arccosh_" | "arcsin_" | "arcsinh_" | "arctan2_" | "arctan_" | "arctanh_" | "asin_" | "asinh_" | 
  "atan2_" | "atan_" | "atanh_" | "bitwise_and_" | "bitwise_left_shift_" | "bitwise_not_" | 
  "bitwise_or_" | "bitwise_right_shift_" | "bitwise_xor_" | "ceil_" | "clamp_" | "clamp_max_" | 
  "clamp_min_" | "clip_" | "copysign_" | "cos_" | "cosh_" | "deg2rad_" | "digamma_" | "div_" | 
  "divide_" | "eq_" | "erf_" | "erfc_" | "erfinv_" | "exp2_" | "exp_" | "expm1_" | "fix_" | 
  "float_power_" | "floor_" | "floor_divide_" | "fmod_" | "frac_" | "gcd_" | "ge_" | "greater_" | 
  "greater_equal_" | "gt_" | "heaviside_" | "hypot_" | "index_add_" | "index_copy_" | 
  "index_fill_" | "lcm_" | "ldexp_" | "le_" | "lerp_" | "less_" | "less_equal_" | "lgamma_" | 
  "log10_" | "log1p_" | "log2_" | "log_" | "logical_and_" | "logical_not_" | "logical_or_" | 
  "logical_xor_" | "logit_" | "lt_" | "masked_fill_" | "maximum_" | "minimum_" | "mul_" | 
  "multiply_" | "nan_to_num_" | "ne_" | "neg_" | "negative_" | "nextafter_" | "not_equal_" | 
  "polygamma_" | "pow_" | "rad2deg_" | "reciprocal_" | "relu_" | "remainder_" | "round_" | 
  "rsqrt_" | "scatter_" | "scatter_add_" | "sgn_" | "sigmoid_" | "sign_" | "sin_" | "sinc_" | 
  "sinh_" | "sqrt_" | "square_" | "sub_" | "subtract_" | "tan_" | "tanh_" | "tril_" | "triu_" | 
  "true_divide_" | "trunc_" | "xlogy_";
/** Methods that return several tensors (a list, or a named tuple whose fields depend on the call). */
export type LooseListMethodName = "chunk" | "split" | "split_with_sizes" | "unbind";
export type LooseTupleMethodName =
  "eig" | "lstsq" | "max" | "min" | "solve";
type LooseTensorMethods = { [K in LooseTensorMethodName | LooseInplaceMethodName]: (...args: any[]) => Tensor }
  & { [K in LooseBoolMethodName]: (...args: any[]) => Tensor<'bool'> }
  & { [K in LooseListMethodName]: (...args: any[]) => Tensor[] }
  & { [K in LooseTupleMethodName]: (...args: any[]) => any };
export declare interface Tensor<D extends DTypeName = any> extends LooseTensorMethods {
  /** Always false: tensorpad runs on the CPU. */
  readonly is_cuda: boolean;
  /** 'torch.strided'. */
  readonly layout: string;
}

/** torch.name(input, ...args) is input.name(...args) for these (js/tensorpad.js and the operator modules install them). */
export type TensorFunctionName =
  "abs" | "abs_" | "absolute" | "acos" | "acos_" | "acosh" | "acosh_" | "add" | "addcdiv" | 
  "addcmul" | "addmm" | "addmv_" | "adjoint" | "all" | "amax" | "amin" | "aminmax" | "angle" | 
  "any" | "arccos" | "arccos_" | "arccosh" | "arccosh_" | "arcsin" | "arcsin_" | "arcsinh" | 
  "arcsinh_" | "arctan" | "arctan2" | "arctan_" | "arctanh" | "arctanh_" | "argmax" | "argmin" | 
  "argsort" | "argwhere" | "as_strided_" | "asin" | "asin_" | "asinh" | "asinh_" | "atan" | 
  "atan2" | "atan_" | "atanh" | "atanh_" | "bincount" | "bitwise_and" | "bitwise_left_shift" | 
  "bitwise_not" | "bitwise_or" | "bitwise_right_shift" | "bitwise_xor" | "bmm" | "ceil" | "ceil_" | 
  "chunk" | "clamp" | "clamp_" | "clamp_max" | "clamp_max_" | "clamp_min" | "clamp_min_" | "clip" | 
  "clip_" | "conj" | "conj_physical" | "conj_physical_" | "copysign" | "corrcoef" | "cos" | 
  "cos_" | "cosh" | "cosh_" | "count_nonzero" | "cov" | "cummax" | "cummin" | "cumprod" | 
  "cumsum" | "deg2rad" | "deg2rad_" | "detach_" | "diff" | "digamma" | "dist" | "div" | "divide" | 
  "dot" | "eig" | "eq" | "erf" | "erf_" | "erfc" | "erfc_" | "erfinv" | "exp" | "exp2" | "exp2_" | 
  "exp_" | "expm1" | "expm1_" | "fill_" | "fix" | "fix_" | "flip" | "fliplr" | "flipud" | 
  "float_power" | "floor" | "floor_" | "floor_divide" | "fmax" | "fmin" | "fmod" | "frac" | 
  "frac_" | "frexp" | "gather" | "gcd" | "gcd_" | "ge" | "gelu" | "ger" | "get_device" | 
  "greater" | "greater_equal" | "gt" | "hardshrink" | "heaviside" | "histc" | "histogram" | 
  "hypot" | "i0" | "i0_" | "igamma" | "igammac" | "imag" | "index_add" | "index_copy" | 
  "index_fill" | "index_put" | "index_put_" | "index_select" | "is_conj" | "is_neg" | "isclose" | 
  "isfinite" | "isinf" | "isnan" | "isneginf" | "isposinf" | "isreal" | "kthvalue" | "lcm" | 
  "lcm_" | "ldexp" | "ldexp_" | "le" | "lerp" | "less" | "less_equal" | "lgamma" | "log" | 
  "log10" | "log10_" | "log1p" | "log1p_" | "log2" | "log2_" | "log_" | "log_softmax" | 
  "logaddexp" | "logaddexp2" | "logcumsumexp" | "logical_and" | "logical_not" | "logical_or" | 
  "logical_xor" | "logit" | "logit_" | "logsumexp" | "lstsq" | "lt" | "masked_fill" | 
  "masked_select" | "matmul" | "max" | "maximum" | "mean" | "median" | "min" | "minimum" | "mm" | 
  "mode" | "msort" | "mul" | "multiply" | "mv" | "mvlgamma" | "nan_to_num" | "nan_to_num_" | 
  "nanmean" | "nanmedian" | "nanquantile" | "nansum" | "ne" | "neg" | "neg_" | "negative" | 
  "negative_" | "nextafter" | "nonzero" | "norm" | "not_equal" | "outer" | "positive" | "pow" | 
  "prelu" | "prod" | "quantile" | "rad2deg" | "rad2deg_" | "real" | "reciprocal" | "reciprocal_" | 
  "relu" | "relu_" | "remainder" | "renorm" | "resize_as_" | "resize_as_sparse_" | "resolve_conj" | 
  "resolve_neg" | "roll" | "round" | "round_" | "rsqrt" | "rsqrt_" | "rsub" | "scatter" | 
  "scatter_add" | "sgn" | "sigmoid" | "sigmoid_" | "sign" | "signbit" | "silu" | "sin" | "sin_" | 
  "sinc" | "sinc_" | "sinh" | "sinh_" | "softmax" | "solve" | "sort" | "split" | 
  "split_with_sizes" | "sqrt" | "sqrt_" | "square" | "square_" | "std" | "sub" | "subtract" | 
  "sum" | "take_along_dim" | "tan" | "tan_" | "tanh" | "tanh_" | "tile" | "topk" | "tril" | 
  "triu" | "true_divide" | "trunc" | "trunc_" | "unbind" | "unique" | "unique_consecutive" | 
  "unsafe_chunk" | "unsafe_split" | "unsafe_split_with_sizes" | "var" | "where" | "xlogy" | 
  "xlogy_" | "zero_";
type FunctionForm<F> = F extends (...a: infer A) => infer R ? (input: Tensor, ...a: A) => R : never;
type TensorFunctions = { [K in TensorFunctionName]: FunctionForm<Tensor[K]> };
export interface Torch extends TensorFunctions {}

/** torch.special (js/torch/special.js): entr, and 1.13's torch.special names of functions that exist under torch. */
export interface SpecialNamespace {
  entr(input: Tensor): Tensor;
  expit: Torch['sigmoid']; exp2: Torch['exp2']; expm1: Torch['expm1']; erf: Torch['erf']; erfc: Torch['erfc'];
  erfinv: Torch['erfinv']; log1p: Torch['log1p']; logit: Torch['logit']; xlogy: Torch['xlogy'];
  i0: Torch['i0']; sinc: Torch['sinc']; round: Torch['round']; digamma: Torch['digamma']; psi: Torch['digamma'];
  gammaln: Torch['lgamma']; logsumexp: Torch['logsumexp']; softmax: Torch['softmax']; log_softmax: Torch['log_softmax'];
  polygamma: Torch['polygamma']; multigammaln: Torch['mvlgamma']; gammainc: Torch['igamma']; gammaincc: Torch['igammac'];
}

/** A legacy constructor: torch.Tensor(2, 3), torch.FloatTensor([1, 2]), with or without `new`;
 *  `x instanceof torch.LongTensor` holds for int64 tensors (js/tensor/legacy.js). */
export interface LegacyConstructor {
  new (...args: Array<number | number[] | NestedData | Tensor | Size | { device?: string | Device }>): Tensor;
  (...args: Array<number | number[] | NestedData | Tensor | Size | { device?: string | Device }>): Tensor;
  readonly prototype: Tensor;
}
export interface Torch {
  FloatTensor: LegacyConstructor; DoubleTensor: LegacyConstructor; IntTensor: LegacyConstructor;
  LongTensor: LegacyConstructor; BoolTensor: LegacyConstructor;
  cat(tensors: Tensor[], dim?: number | { dim?: number }): Tensor;
  concat(tensors: Tensor[], dim?: number | { dim?: number }): Tensor;
  stack(tensors: Tensor[], dim?: number | { dim?: number }): Tensor;
  hstack(tensors: Tensor[]): Tensor;
  vstack(tensors: Tensor[]): Tensor;
  /** Same as torch.no_grad here (no inference tensors). */
  inference_mode<T>(fn: () => T): T;
  /** Deprecated in 1.13 (torch.linalg.matrix_rank). */
  matrix_rank(input: Tensor, tol?: number, symmetric?: boolean): Tensor;
}
export interface LinalgNamespace {
  /** Always throws: the results are complex, and tensorpad has no complex dtypes. */
  eig(A: Tensor): never;
  eigvals(A: Tensor): never;
}
export interface Functional {
  relu_(input: Tensor): Tensor;
}
