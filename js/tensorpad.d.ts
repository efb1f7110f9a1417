// TypeScript types of tensorpad's public API (PyTorch 1.13 names). Keep in step with
// docs/API.md and js/*.js.

export type Scalar = number | boolean | bigint;
export type NestedData = Scalar | Tensor | NestedData[];
export type HeapArray = Float32Array | Float64Array | Int32Array | BigInt64Array | Uint8Array;
export type SizeArgs = number[] | [number[]];

export declare class dtype {
  readonly name: 'float32' | 'float64' | 'int32' | 'int64' | 'bool';
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
export declare class Tuple extends Array<number> {
  toString(): string;
}

export interface Device {
  readonly type: 'cpu';
  readonly index: null;
  toString(): 'cpu';
}

export declare class TensorError extends Error {}

export declare class Slice {
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
  generator?: unknown;
}

export type IndexKey = number | string | null | Slice | Tensor | NestedData[];

export declare class Tensor {
  // attributes
  readonly dtype: dtype;
  readonly device: Device;
  readonly shape: Size;
  readonly ndim: number;
  readonly is_leaf: boolean;
  readonly is_disposed: boolean;
  readonly T: Tensor;
  readonly mT: Tensor;
  readonly grad_fn: Node | null;
  readonly _version: number;
  requires_grad: boolean;
  grad: Tensor | null;
  data: Tensor;
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
  item(): number | boolean;
  tolist(): any;
  requires_grad_(requires_grad?: boolean): this;

  // lifetime and interop
  dispose(): void;
  numpy(): HeapArray;
  toString(): string;

  // copies and conversions
  clone(opts?: { memory_format?: unknown }): Tensor;
  contiguous(): Tensor;
  detach(): Tensor;
  detach_(): this;
  to(dtype: dtype | string | Tensor, opts?: { copy?: boolean }): Tensor;
  to(opts: { dtype?: dtype; device?: string; copy?: boolean }): Tensor;
  type(): string;
  type(dtype: dtype): Tensor;
  float(): Tensor;
  double(): Tensor;
  int(): Tensor;
  long(): Tensor;
  bool(): Tensor;
  cpu(): this;

  // views
  view(...size: SizeArgs): Tensor;
  reshape(...size: SizeArgs): Tensor;
  view_as(other: Tensor): Tensor;
  reshape_as(other: Tensor): Tensor;
  t(): Tensor;
  transpose(dim0: number, dim1: number): Tensor;
  swapaxes(dim0: number, dim1: number): Tensor;
  permute(...dims: SizeArgs): Tensor;
  squeeze(dim?: number): Tensor;
  unsqueeze(dim: number): Tensor;
  expand(...size: SizeArgs): Tensor;
  expand_as(other: Tensor): Tensor;
  narrow(dim: number, start: number, length: number): Tensor;
  select(dim: number, index: number): Tensor;
  flatten(start_dim?: number, end_dim?: number): Tensor;
  ravel(): Tensor;
  as_strided(size: number[], stride: number[], storage_offset?: number): Tensor;
  index(...keys: IndexKey[]): Tensor;
  index_put_(keys: IndexKey[] | IndexKey, value: Tensor | Scalar): this;

  // in-place writes
  fill_(value: Scalar | Tensor): this;
  zero_(): this;
  copy_(src: Tensor): this;
  uniform_(from?: number, to?: number): this;
  normal_(mean?: number, std?: number): this;
  random_(from: number, to?: number): this;

  // from existing tensors
  new_tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;
  new_zeros(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_ones(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_empty(...size: [...SizeArgs, CreateOptions?] | SizeArgs): Tensor;
  new_full(size: number[], fill_value: Scalar, opts?: CreateOptions): Tensor;

  // autograd
  readonly retains_grad: boolean;
  readonly output_nr: number;
  backward(gradient?: Tensor | null, opts?: BackwardOptions): void;
  backward(opts: BackwardOptions): void;
  retain_grad(): void;
  register_hook(fn: (grad: Tensor) => Tensor | void | null): { id: number; remove(): void };

  // common operators (every op of docs/API.md "Math" exists; these are typed explicitly)
  add(other: Tensor | number, opts?: { alpha?: number }): Tensor;
  sub(other: Tensor | number, opts?: { alpha?: number }): Tensor;
  mul(other: Tensor | number): Tensor;
  div(other: Tensor | number, opts?: { rounding_mode?: 'trunc' | 'floor' | null }): Tensor;
  pow(exponent: Tensor | number): Tensor;
  matmul(other: Tensor): Tensor;
  mm(other: Tensor): Tensor;
  neg(): Tensor;
  exp(): Tensor;
  log(): Tensor;
  tanh(): Tensor;
  sigmoid(): Tensor;
  relu(): Tensor;
  sum(dim?: number | number[] | { dim?: number | number[]; keepdim?: boolean; dtype?: dtype }, opts?: { keepdim?: boolean; dtype?: dtype }): Tensor;
  mean(dim?: number | number[] | { dim?: number | number[]; keepdim?: boolean }, opts?: { keepdim?: boolean }): Tensor;

  /** The other operator methods are added at load time from the core's op table. */
  [method: string]: any;
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
  grad(outputs: Tensor | Tensor[], inputs: Tensor | Tensor[], opts?: {
    grad_outputs?: Tensor | Tensor[] | null; retain_graph?: boolean | null; create_graph?: boolean; allow_unused?: boolean;
  }): Array<Tensor | null>;
  backward(tensors: Tensor | Tensor[], grad_tensors?: Tensor | Tensor[] | null, opts?: { retain_graph?: boolean; create_graph?: boolean }): void;
  gradcheck(fn: (...inputs: Tensor[]) => Tensor | Tensor[], inputs: Tensor | Tensor[], opts?: { eps?: number; atol?: number; rtol?: number; raise_exception?: boolean }): boolean;
  gradgradcheck(fn: (...inputs: Tensor[]) => Tensor | Tensor[], inputs: Tensor | Tensor[], grad_outputs?: Tensor | Tensor[] | null, opts?: { eps?: number; atol?: number; rtol?: number; raise_exception?: boolean }): boolean;
  graph(t: Tensor): GraphJSON;
  to_dot(t: Tensor): string;
  no_grad<T>(fn: () => T): T;
  enable_grad<T>(fn: () => T): T;
}

type Creator = (...args: Array<number | number[] | CreateOptions>) => Tensor;

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
  Ellipsis: object;
  dtype: typeof dtype;
  device(d?: string): Device;
  float32: dtype; float64: dtype; int32: dtype; int64: dtype; bool: dtype;
  float: dtype; double: dtype; int: dtype; long: dtype;

  tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;
  as_tensor(data: NestedData | HeapArray | Tensor, opts?: CreateOptions): Tensor;
  zeros: Creator;
  ones: Creator;
  empty: Creator;
  rand: Creator;
  randn: Creator;
  full(size: number[], fill_value: Scalar, opts?: CreateOptions): Tensor;
  randint(high: number, size: number[], opts?: CreateOptions): Tensor;
  randint(low: number, high: number, size: number[], opts?: CreateOptions): Tensor;
  arange(end: number, opts?: CreateOptions): Tensor;
  arange(start: number, end: number, step?: number, opts?: CreateOptions): Tensor;
  linspace(start: number, end: number, steps: number, opts?: CreateOptions): Tensor;
  logspace(start: number, end: number, steps: number, base?: number, opts?: CreateOptions): Tensor;
  eye(n: number, m?: number, opts?: CreateOptions): Tensor;
  zeros_like(t: Tensor, opts?: CreateOptions): Tensor;
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

  set_printoptions(opts?: PrintOptions): void;
  get_printoptions(): Required<Omit<PrintOptions, 'profile'>>;
  manual_seed(seed: number | bigint): { manual_seed: Torch['manual_seed']; initial_seed(): number };
  initial_seed(): number;

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

  autograd: Autograd;
  no_grad<T>(fn: () => T): T;
  enable_grad<T>(fn: () => T): T;
  set_grad_enabled(enabled: boolean): void;
  is_grad_enabled(): boolean;

  /** Operator functions (docs/API.md "Math", "Shape and indexing") are added at load time. */
  [name: string]: any;
}

declare const torch: Torch;
export default torch;
export { tensor };
declare function tensor(data: NestedData | HeapArray, opts?: CreateOptions): Tensor;
