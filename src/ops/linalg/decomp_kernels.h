/* decomp_kernels.h — what the kernels of src/ops/linalg/decomp.c give its entry points
 * (src/api/linalg/decomp.c), which validate, run them and record the node; not exported. */
#ifndef TP_DECOMP_KERNELS_H
#define TP_DECOMP_KERNELS_H
#include "internal.h"

enum { TRI_UPPER = 1, TRI_TRANS = 2, TRI_UNIT = 4, TRI_RIGHT = 8, TRI_CHOL = 16 };

char *tp_decomp_elem(const tp_tensor *t, int64_t b, int64_t i, int64_t j);
int tp_fail_square(const char *fn, const tp_tensor *A);
int tp_fail_ndim(const char *fn);
tp_tensor *tp_new_colmajor(int nb, const int64_t *batch, int64_t r, int64_t c, int dtype);
int tp_broadcast_batch(const tp_tensor *B, int nbB, const tp_tensor *A, int nbA, int64_t *out, int *nout);
void tp_decomp_trsv(const double *a, int64_t n, int upper, int trans, int unit, double *col);
tp_tensor *tp_tri_run(tp_tensor *A, tp_tensor *B, int flags);
int tp_check_b_A(const char *fn, const char *kernel, tp_tensor *b, tp_tensor *A);
int64_t tp_decomp_getrf(double *a, int64_t m, int64_t n, int32_t *piv);
void tp_decomp_geqrf(double *a, int64_t m, int64_t n, double *tau);
void tp_svd_jacobi(double *b, int64_t M, int64_t N, int64_t uc, double *u, double *s, double *v, double *w);
int64_t tp_pinv_of_svd(const double *u, const double *v, const double *s, int trans, int64_t m, int64_t n, int64_t k, double tol,
                           int f32, double *p);
void tp_shape_list(const tp_tensor *t, int nd, char *buf, size_t size);
void tp_apply_reflectors(const double *v, int64_t mv, int64_t n, const double *tau, int64_t k, int rev, int left,
                             double *c, int64_t r, int64_t cc);
int tp_check_tau(const char *fn, const tp_tensor *A, const tp_tensor *tau);

#endif
