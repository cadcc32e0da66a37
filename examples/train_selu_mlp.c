/*
 * train_selu_mlp.c - train a small SELU network in plain C, with libopsnn
 * computing every activation, forward and backward.
 *
 * Task: regression of y = sin(2 x0) + x1 x2 - 0.5 x3^2 + noise from 8 inputs
 * in [-1, 1], of which x4..x7 are irrelevant. Model: 8 -> 32 -> 32 -> 1 with
 * SELU after both hidden layers (LeCun-normal init, as SELU expects). Loss:
 * half the mean squared error plus a soft-shrinkage penalty on the first
 * layer's weights, mu * sum(|softshrink(W1, lambda)|) = mu * sum(max(|w| - lambda, 0)):
 * an L1 penalty with a dead zone, which pushes the weights of the irrelevant
 * inputs towards [-lambda, lambda]. Trained with minibatch SGD.
 *
 * Forward pass through the library:
 *   A = aclnnSelu(Z)                for each SELU layer
 *   penalty = mu * sum(|aclnnSoftshrink(W1, lambda)|)
 * Backward pass through the library:
 *   dZ = aclnnSeluBackward(dA, A)  for each SELU layer, A = the forward output
 *   dW1 += aclnnSoftshrinkBackward(mu * sign(W1), W1, lambda)
 *          (d|softshrink(w)|/dw = sign(w) where |w| > lambda, 0 inside)
 * The matrix products are plain loops.
 *
 *   train_selu_mlp [--epochs N] [--check]
 * --check: exit non-zero unless the final loss is below half the initial one
 * and the gradients agree with central finite differences (in double) on a
 * few parameters, before and after training.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"

enum { N_IN = 8, N_H1 = 32, N_H2 = 32, N_SAMPLES = 512, BATCH = 32 };

/* Every parameter lives in one flat array, so SGD and the finite-difference
 * check treat them alike. */
enum {
    OFF_W1 = 0, /* [N_H1][N_IN] */
    OFF_B1 = OFF_W1 + N_H1 * N_IN,
    OFF_W2 = OFF_B1 + N_H1, /* [N_H2][N_H1] */
    OFF_B2 = OFF_W2 + N_H2 * N_H1,
    OFF_W3 = OFF_B2 + N_H2, /* [N_H2] */
    OFF_B3 = OFF_W3 + N_H2,
    N_PARAMS = OFF_B3 + 1
};

static const float LEARNING_RATE = 0.05f;
static const float PENALTY_MU = 3e-3f; /* weight of the penalty */
static const float PENALTY_LAMBDA = 0.05f; /* its dead zone */

/* SELU's constants (Klambauer et al. 2017) as float32, as ops-nn's selu_grad kernel uses them. */
static const double SELU_ALPHA = 1.6732632423543772848170429916717;
static const double SELU_SCALE = 1.0507009873554804934193349852946;

#define ACL_CHECK(call)                                                                   \
    do {                                                                                  \
        long rc_ = (long)(call);                                                          \
        if (rc_ != 0) {                                                                   \
            fprintf(stderr, "%s:%d: %s failed: %ld (%s)\n", __FILE__, __LINE__, #call, rc_, \
                    aclGetRecentErrMsg());                                                \
            return 1;                                                                     \
        }                                                                                 \
    } while (0)

/* ---- deterministic data and init: splitmix64 + Box-Muller ---------------- */

static uint64_t rng_state = 0x5eed5e1u;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double rng_uniform(void) /* [0, 1) */
{
    return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0);
}

static double rng_normal(void)
{
    double u1 = 1.0 - rng_uniform(), u2 = rng_uniform();
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static double target_fn(const float *x)
{
    return sin(2.0 * x[0]) + (double)x[1] * x[2] - 0.5 * (double)x[3] * x[3];
}

static void make_data(float *x, float *y)
{
    for (int s = 0; s < N_SAMPLES; s++) {
        for (int i = 0; i < N_IN; i++) {
            x[s * N_IN + i] = (float)(2.0 * rng_uniform() - 1.0);
        }
        y[s] = (float)(target_fn(&x[s * N_IN]) + 0.05 * rng_normal());
    }
}

static void init_params(float *p)
{
    for (int k = 0; k < N_H1 * N_IN; k++) {
        p[OFF_W1 + k] = (float)(rng_normal() / sqrt((double)N_IN));
    }
    for (int k = 0; k < N_H2 * N_H1; k++) {
        p[OFF_W2 + k] = (float)(rng_normal() / sqrt((double)N_H1));
    }
    for (int k = 0; k < N_H2; k++) {
        p[OFF_W3 + k] = (float)(rng_normal() / sqrt((double)N_H2));
    }
    memset(&p[OFF_B1], 0, N_H1 * sizeof(float));
    memset(&p[OFF_B2], 0, N_H2 * sizeof(float));
    p[OFF_B3] = 0.0f;
}

/* ---- the library calls --------------------------------------------------- */

typedef aclnnStatus (*phase2_fn)(void *, uint64_t, aclOpExecutor *, aclrtStream);

/* Phase 2 of a planned call, with the workspace phase 1 asked for, to completion. */
static int launch(phase2_fn run, uint64_t ws_size, aclOpExecutor *exec, aclrtStream stream)
{
    void *ws = NULL;
    if (ws_size > 0) {
        ACL_CHECK(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    ACL_CHECK(run(ws, ws_size, exec, stream));
    ACL_CHECK(aclrtSynchronizeStream(stream));
    if (ws != NULL) {
        aclrtFree(ws);
    }
    return 0;
}

static aclTensor *matrix(float *data, int64_t rows, int64_t cols)
{
    int64_t shape[2] = {rows, cols};
    return aclCreateTensor(shape, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 2, data);
}

/* a = aclnnSelu(z) over a rows x cols matrix. */
static int selu_forward(aclrtStream stream, float *z, float *a, int64_t rows, int64_t cols)
{
    aclTensor *tz = matrix(z, rows, cols), *ta = matrix(a, rows, cols);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    ACL_CHECK(aclnnSeluGetWorkspaceSize(tz, ta, &ws_size, &exec));
    int rc = launch(aclnnSelu, ws_size, exec, stream);
    aclDestroyTensor(tz);
    aclDestroyTensor(ta);
    return rc;
}

/* gradInput = aclnnSeluBackward(gradOutput, result) over a rows x cols matrix. */
static int selu_backward(aclrtStream stream, float *grad_out, float *result, float *grad_in,
                         int64_t rows, int64_t cols)
{
    aclTensor *g = matrix(grad_out, rows, cols), *r = matrix(result, rows, cols);
    aclTensor *o = matrix(grad_in, rows, cols);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    ACL_CHECK(aclnnSeluBackwardGetWorkspaceSize(g, r, o, &ws_size, &exec));
    int rc = launch(aclnnSeluBackward, ws_size, exec, stream);
    aclDestroyTensor(g);
    aclDestroyTensor(r);
    aclDestroyTensor(o);
    return rc;
}

/* shrunk = aclnnSoftshrink(w, lambda) over W1. */
static int softshrink_w1(aclrtStream stream, float *w, float *shrunk)
{
    float lambd = PENALTY_LAMBDA;
    aclTensor *tw = matrix(w, N_H1, N_IN), *ts = matrix(shrunk, N_H1, N_IN);
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    ACL_CHECK(aclnnSoftshrinkGetWorkspaceSize(tw, lambda, ts, &ws_size, &exec));
    int rc = launch(aclnnSoftshrink, ws_size, exec, stream);
    aclDestroyTensor(tw);
    aclDestroyTensor(ts);
    aclDestroyScalar(lambda);
    return rc;
}

/* ---- float32 forward pass ------------------------------------------------- */

/* out[r][j] = b[j] + sum_i w[j][i] in[r][i] */
static void dense(const float *in, int rows, int n_in, const float *w, const float *b, int n_out,
                  float *out)
{
    for (int r = 0; r < rows; r++) {
        for (int j = 0; j < n_out; j++) {
            float z = b[j];
            for (int i = 0; i < n_in; i++) {
                z += w[j * n_in + i] * in[r * n_in + i];
            }
            out[r * n_out + j] = z;
        }
    }
}

typedef struct {
    float z[N_SAMPLES * N_H1]; /* a layer's pre-activation (N_H1 == N_H2) */
    float a1[N_SAMPLES * N_H1]; /* SELU outputs: what aclnnSeluBackward takes */
    float a2[N_SAMPLES * N_H2];
    float yhat[N_SAMPLES];
} activations;

static int forward(aclrtStream stream, const float *p, const float *x, int rows, activations *act)
{
    dense(x, rows, N_IN, &p[OFF_W1], &p[OFF_B1], N_H1, act->z);
    if (selu_forward(stream, act->z, act->a1, rows, N_H1) != 0) {
        return 1;
    }
    dense(act->a1, rows, N_H1, &p[OFF_W2], &p[OFF_B2], N_H2, act->z);
    if (selu_forward(stream, act->z, act->a2, rows, N_H2) != 0) {
        return 1;
    }
    dense(act->a2, rows, N_H2, &p[OFF_W3], &p[OFF_B3], 1, act->yhat);
    return 0;
}

/* mu * sum(|softshrink(W1, lambda)|), the shrinkage by the library. */
static int penalty(aclrtStream stream, float *p, double *out)
{
    float shrunk[N_H1 * N_IN];
    if (softshrink_w1(stream, &p[OFF_W1], shrunk) != 0) {
        return 1;
    }
    double sum = 0.0;
    for (int k = 0; k < N_H1 * N_IN; k++) {
        sum += fabs((double)shrunk[k]);
    }
    *out = PENALTY_MU * sum;
    return 0;
}

/* Loss over the whole data set into *loss: *mse_half = mean((yhat - y)^2) / 2. */
static int full_loss(aclrtStream stream, float *p, const float *x, const float *y, activations *act,
                     double *mse_half, double *loss)
{
    double pen;
    if (forward(stream, p, x, N_SAMPLES, act) != 0 || penalty(stream, p, &pen) != 0) {
        return 1;
    }
    double sum = 0.0;
    for (int s = 0; s < N_SAMPLES; s++) {
        double d = (double)act->yhat[s] - y[s];
        sum += d * d;
    }
    *mse_half = 0.5 * sum / N_SAMPLES;
    *loss = *mse_half + pen;
    return 0;
}

/* grad_w += aclnnSoftshrinkBackward(mu * sign(w), w, lambda): the gradient of
 * mu * sum(|softshrink(w, lambda)|). */
static int add_penalty_grad(aclrtStream stream, float *w, float *grad_w, int64_t rows, int64_t cols)
{
    float sign_mu[N_H1 * N_IN], grad_pen[N_H1 * N_IN];
    for (int64_t k = 0; k < rows * cols; k++) {
        sign_mu[k] = w[k] > 0.0f ? PENALTY_MU : w[k] < 0.0f ? -PENALTY_MU : 0.0f;
    }
    float lambd = PENALTY_LAMBDA;
    aclTensor *g = matrix(sign_mu, rows, cols), *x = matrix(w, rows, cols);
    aclTensor *o = matrix(grad_pen, rows, cols);
    aclScalar *lambda = aclCreateScalar(&lambd, ACL_FLOAT);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    ACL_CHECK(aclnnSoftshrinkBackwardGetWorkspaceSize(g, x, lambda, o, &ws_size, &exec));
    if (launch(aclnnSoftshrinkBackward, ws_size, exec, stream) != 0) {
        return 1;
    }
    aclDestroyTensor(g);
    aclDestroyTensor(x);
    aclDestroyTensor(o);
    aclDestroyScalar(lambda);
    for (int64_t k = 0; k < rows * cols; k++) {
        grad_w[k] += grad_pen[k];
    }
    return 0;
}

/* ---- backward pass: gradient of the minibatch loss ------------------------ */

typedef struct {
    float d_yhat[BATCH];
    float d_a2[BATCH * N_H2], d_z2[BATCH * N_H2];
    float d_a1[BATCH * N_H1], d_z1[BATCH * N_H1];
} backward_buffers;

/* grad = d/dp [ mean((yhat - y)^2) / 2 + penalty ] over rows samples (x, y). */
static int gradient(aclrtStream stream, float *p, const float *x, const float *y, int rows,
                    activations *act, backward_buffers *bb, float *grad)
{
    if (forward(stream, p, x, rows, act) != 0) {
        return 1;
    }
    memset(grad, 0, N_PARAMS * sizeof(float));

    /* output layer (linear) */
    for (int r = 0; r < rows; r++) {
        bb->d_yhat[r] = (act->yhat[r] - y[r]) / (float)rows;
        grad[OFF_B3] += bb->d_yhat[r];
        for (int j = 0; j < N_H2; j++) {
            grad[OFF_W3 + j] += bb->d_yhat[r] * act->a2[r * N_H2 + j];
            bb->d_a2[r * N_H2 + j] = bb->d_yhat[r] * p[OFF_W3 + j];
        }
    }
    /* second SELU, from its output a2 */
    if (selu_backward(stream, bb->d_a2, act->a2, bb->d_z2, rows, N_H2) != 0) {
        return 1;
    }
    memset(bb->d_a1, 0, sizeof bb->d_a1);
    for (int r = 0; r < rows; r++) {
        for (int j = 0; j < N_H2; j++) {
            float dz = bb->d_z2[r * N_H2 + j];
            grad[OFF_B2 + j] += dz;
            for (int k = 0; k < N_H1; k++) {
                grad[OFF_W2 + j * N_H1 + k] += dz * act->a1[r * N_H1 + k];
                bb->d_a1[r * N_H1 + k] += dz * p[OFF_W2 + j * N_H1 + k];
            }
        }
    }
    /* first SELU, from its output a1 */
    if (selu_backward(stream, bb->d_a1, act->a1, bb->d_z1, rows, N_H1) != 0) {
        return 1;
    }
    for (int r = 0; r < rows; r++) {
        for (int j = 0; j < N_H1; j++) {
            float dz = bb->d_z1[r * N_H1 + j];
            grad[OFF_B1 + j] += dz;
            for (int i = 0; i < N_IN; i++) {
                grad[OFF_W1 + j * N_IN + i] += dz * x[r * N_IN + i];
            }
        }
    }
    return add_penalty_grad(stream, &p[OFF_W1], &grad[OFF_W1], N_H1, N_IN);
}

/* ---- finite-difference check, in double ----------------------------------- */

static double selu_d(double z)
{
    return SELU_SCALE * (z > 0.0 ? z : SELU_ALPHA * expm1(z));
}

/* The minibatch loss of gradient(), recomputed in double for parameters q. */
static double loss_d(const double *q, const float *x, const float *y, int rows)
{
    double sum = 0.0;
    for (int r = 0; r < rows; r++) {
        double a1[N_H1], a2[N_H2], yhat = q[OFF_B3];
        for (int j = 0; j < N_H1; j++) {
            double z = q[OFF_B1 + j];
            for (int i = 0; i < N_IN; i++) {
                z += q[OFF_W1 + j * N_IN + i] * x[r * N_IN + i];
            }
            a1[j] = selu_d(z);
        }
        for (int j = 0; j < N_H2; j++) {
            double z = q[OFF_B2 + j];
            for (int k = 0; k < N_H1; k++) {
                z += q[OFF_W2 + j * N_H1 + k] * a1[k];
            }
            a2[j] = selu_d(z);
            yhat += q[OFF_W3 + j] * a2[j];
        }
        sum += (yhat - y[r]) * (yhat - y[r]);
    }
    double pen = 0.0;
    for (int k = 0; k < N_H1 * N_IN; k++) {
        double excess = fabs(q[OFF_W1 + k]) - PENALTY_LAMBDA;
        pen += excess > 0.0 ? excess : 0.0;
    }
    return 0.5 * sum / rows + (double)PENALTY_MU * pen;
}

/* Compares grad (from the library) with central differences on a few
 * parameters of every layer; returns the number of mismatches. */
static int check_gradient(const float *p, const float *grad, const float *x, const float *y,
                          int rows, const char *when)
{
    static const int probe[] = {
        OFF_W1 + 0 * N_IN + 0, OFF_W1 + 5 * N_IN + 3, OFF_W1 + 17 * N_IN + 6, OFF_B1 + 7,
        OFF_W2 + 2 * N_H1 + 9, OFF_W2 + 31 * N_H1 + 0, OFF_B2 + 4, OFF_W3 + 0,
        OFF_W3 + 17,           OFF_B3};
    static double q[N_PARAMS];
    const double eps = 1e-6;
    int bad = 0;
    double worst = 0.0;
    for (int k = 0; k < N_PARAMS; k++) {
        q[k] = p[k];
    }
    for (size_t t = 0; t < sizeof probe / sizeof probe[0]; t++) {
        int k = probe[t];
        double saved = q[k];
        q[k] = saved + eps;
        double up = loss_d(q, x, y, rows);
        q[k] = saved - eps;
        double down = loss_d(q, x, y, rows);
        q[k] = saved;
        double fd = (up - down) / (2.0 * eps);
        double err = fabs((double)grad[k] - fd) / fmax(fabs(fd), 1e-3);
        worst = fmax(worst, err);
        if (!(err < 1e-2)) {
            fprintf(stderr, "gradient mismatch (%s) at parameter %d: library %.8g, finite difference %.8g\n",
                    when, k, (double)grad[k], fd);
            bad++;
        }
    }
    printf("gradient check (%s): %zu parameters, max relative error %.1e%s\n", when,
           sizeof probe / sizeof probe[0], worst, bad ? "  FAILED" : "");
    return bad;
}

/* ---- training ------------------------------------------------------------- */

static const char usage[] =
    "usage: %s [--epochs N] [--check]\n"
    "  trains an 8-32-32-1 SELU MLP with aclnnSelu, aclnnSoftshrink and their backward operators\n"
    "  --epochs N   epochs to train (default 200)\n"
    "  --check      exit 1 unless the loss halves and the gradients match finite differences\n"
    "  --help       this text\n";

/* 0: run; 1: --help was printed; -1: bad arguments (usage on stderr). */
static int parse_args(int argc, char **argv, int *epochs, int *check)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf(usage, argv[0]);
            return 1;
        } else if (strcmp(argv[i], "--epochs") == 0 && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end != '\0' || end == argv[i] || n < 1 || n > 1000000) {
                fprintf(stderr, "--epochs must be an integer from 1 to 1000000, got \"%s\"\n", argv[i]);
                return -1;
            }
            *epochs = (int)n;
        } else if (strcmp(argv[i], "--check") == 0) {
            *check = 1;
        } else {
            fprintf(stderr, "unknown argument \"%s\"\n", argv[i]);
            fprintf(stderr, usage, argv[0]);
            return -1;
        }
    }
    return 0;
}

typedef struct {
    float x[N_SAMPLES * N_IN], y[N_SAMPLES];
    float params[N_PARAMS], grad[N_PARAMS];
    float bx[BATCH * N_IN], by[BATCH];
    int order[N_SAMPLES];
    activations act;
    backward_buffers bb;
} model;

/* Copies minibatch b of the current shuffled order into m->bx, m->by. */
static void gather_batch(model *m, int b)
{
    for (int r = 0; r < BATCH; r++) {
        int s = m->order[b * BATCH + r];
        memcpy(&m->bx[r * N_IN], &m->x[s * N_IN], N_IN * sizeof(float));
        m->by[r] = m->y[s];
    }
}

static void shuffle(int *order)
{
    for (int i = N_SAMPLES - 1; i > 0; i--) {
        int j = (int)(rng_next() % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* Mean |w| of the first-layer weights from the inputs [from, to). */
static double mean_abs_w1(const float *p, int from, int to)
{
    double sum = 0.0;
    for (int j = 0; j < N_H1; j++) {
        for (int i = from; i < to; i++) {
            sum += fabs((double)p[OFF_W1 + j * N_IN + i]);
        }
    }
    return sum / (N_H1 * (to - from));
}

static int train(model *m, aclrtStream stream, int epochs, int check)
{
    int failures = 0;
    make_data(m->x, m->y);
    init_params(m->params);
    for (int s = 0; s < N_SAMPLES; s++) {
        m->order[s] = s;
    }
    if (check) {
        memcpy(m->bx, m->x, sizeof m->bx);
        memcpy(m->by, m->y, sizeof m->by);
        if (gradient(stream, m->params, m->bx, m->by, BATCH, &m->act, &m->bb, m->grad) != 0) {
            return 1;
        }
        failures += check_gradient(m->params, m->grad, m->bx, m->by, BATCH, "initial weights");
    }

    double mse_half, initial;
    if (full_loss(stream, m->params, m->x, m->y, &m->act, &mse_half, &initial) != 0) {
        return 1;
    }
    double loss = initial;
    int every = epochs >= 10 ? epochs / 10 : 1;
    printf("epoch %4d  loss %.6f  (mse/2 %.6f, penalty %.6f)\n", 0, loss, mse_half, loss - mse_half);
    for (int e = 1; e <= epochs; e++) {
        shuffle(m->order);
        for (int b = 0; b < N_SAMPLES / BATCH; b++) {
            gather_batch(m, b);
            if (gradient(stream, m->params, m->bx, m->by, BATCH, &m->act, &m->bb, m->grad) != 0) {
                return 1;
            }
            for (int k = 0; k < N_PARAMS; k++) {
                m->params[k] -= LEARNING_RATE * m->grad[k];
            }
        }
        if (full_loss(stream, m->params, m->x, m->y, &m->act, &mse_half, &loss) != 0) {
            return 1;
        }
        if (e % every == 0 || e == epochs) {
            printf("epoch %4d  loss %.6f  (mse/2 %.6f, penalty %.6f)\n", e, loss, mse_half,
                   loss - mse_half);
        }
    }
    printf("final loss %.6f = %.3f x initial; mean |W1| from relevant inputs %.3f, from irrelevant %.3f\n",
           loss, loss / initial, mean_abs_w1(m->params, 0, 4), mean_abs_w1(m->params, 4, N_IN));

    if (check) {
        gather_batch(m, 0);
        if (gradient(stream, m->params, m->bx, m->by, BATCH, &m->act, &m->bb, m->grad) != 0) {
            return 1;
        }
        failures += check_gradient(m->params, m->grad, m->bx, m->by, BATCH, "trained weights");
        if (!(loss < 0.5 * initial)) {
            fprintf(stderr, "loss did not halve: initial %.6f, final %.6f\n", initial, loss);
            failures++;
        }
        printf("%s\n", failures ? "CHECK FAILED" : "check passed");
    }
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    int epochs = 200, check = 0;
    int args = parse_args(argc, argv, &epochs, &check);
    if (args != 0) {
        return args > 0 ? 0 : 2;
    }
    printf("train_selu_mlp: %d-%d-%d-1 SELU MLP, %d samples, batch %d, lr %g, "
           "soft-shrink penalty on layer 1 (mu %g, lambda %g), %d epochs\n",
           N_IN, N_H1, N_H2, N_SAMPLES, BATCH, (double)LEARNING_RATE, (double)PENALTY_MU,
           (double)PENALTY_LAMBDA, epochs);

    aclrtStream stream = NULL;
    ACL_CHECK(aclInit(NULL));
    ACL_CHECK(aclrtSetDevice(0));
    ACL_CHECK(aclrtCreateStream(&stream));

    model *m = calloc(1, sizeof *m);
    if (m == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    int rc = train(m, stream, epochs, check);
    free(m);

    ACL_CHECK(aclrtDestroyStream(stream));
    ACL_CHECK(aclrtResetDevice(0));
    ACL_CHECK(aclFinalize());
    return rc;
}
