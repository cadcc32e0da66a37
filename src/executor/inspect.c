/* The plan's step list and its inspection API (opsnn/opsnn.h). The step list
 * names what CANN's aclnn layer would run (Contiguous, BroadcastTo, Cast,
 * kernel, Cast, ViewCopy); here every step but an overlap's ViewCopy is fused
 * into the kernel's single pass and needs no workspace. */
#include <inttypes.h>
#include <stdio.h>

#include "common/checked.h"
#include "common/error.h"
#include "executor/executor.h"
#include "executor/handle.h"
#include "kernels/kernels.h"
#include "opsnn/opsnn.h"
#include "tensor/dtype.h"

#define OPSNN_MAX_STEPS 12

/* The plan's steps, derived from the executor on demand (inspection is rare;
 * building the list on every tiny call is not free). */
typedef struct {
    int n;
    opsnn_plan_step steps[OPSNN_MAX_STEPS];
} opsnn_plan_steps;

/* Row-major dense, ignoring dims of size 1 (whose stride never matters). */
static int is_contiguous(const aclTensor *t)
{
    int64_t expect = 1;
    for (int d = t->ndim - 1; d >= 0; d--) {
        if (t->dims[d] != 1 && t->strides[d] != expect) {
            return 0;
        }
        /* Only an empty tensor ({0, 2^40, 2^40}) gets here with inner dims
         * whose product overflows; its zero dim then needs a stride above
         * INT64_MAX, which no stride equals. */
        if (opsnn_mul_i64(expect, t->dims[d], &expect)) {
            return 0;
        }
    }
    return 1;
}

static void add_step(opsnn_plan_steps *plan, opsnn_step_kind kind, int operand, int fused,
                     aclDataType src, aclDataType dst, uint64_t bytes)
{
    opsnn_plan_step *s = &plan->steps[plan->n++];
    s->kind = kind;
    s->operand = operand;
    s->fused = fused;
    s->src_dtype = src;
    s->dst_dtype = dst;
    s->workspace_bytes = bytes;
}

/* The steps of ex's plan. */
static void describe(const opsnn_executor *ex, opsnn_plan_steps *plan)
{
    aclDataType cdt = ex->desc.compute_dtype;
    plan->n = 0;
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        const aclTensor *t = &ex->in[k];
        if (!is_contiguous(t)) {
            add_step(plan, OPSNN_STEP_CONTIGUOUS, k, 1, t->dtype, t->dtype, 0);
        }
        if (!opsnn_shape_equals(t, ex->shape, ex->ndim)) {
            add_step(plan, OPSNN_STEP_BROADCAST_TO, k, 1, t->dtype, t->dtype, 0);
        }
        if (t->dtype != cdt) {
            add_step(plan, OPSNN_STEP_CAST, k, 1, t->dtype, cdt, 0);
        }
    }
    add_step(plan, OPSNN_STEP_KERNEL, OPSNN_OPERAND_NONE, 0, cdt, cdt, 0);
    if (ex->out.dtype != cdt) {
        add_step(plan, OPSNN_STEP_CAST_BACK, OPSNN_OPERAND_OUTPUT, 1, cdt, ex->out.dtype, 0);
    }
    if (ex->workspace_size > 0) {
        add_step(plan, OPSNN_STEP_VIEW_COPY, OPSNN_OPERAND_OUTPUT, 0, ex->out.dtype, ex->out.dtype,
                 ex->workspace_size);
    } else if (!is_contiguous(&ex->out)) {
        add_step(plan, OPSNN_STEP_VIEW_COPY, OPSNN_OPERAND_OUTPUT, 1, ex->out.dtype, ex->out.dtype, 0);
    }
}

const char *opsnn_step_kind_name(opsnn_step_kind kind)
{
    static const char *const names[] = {"Contiguous", "BroadcastTo", "Cast",
                                        "Kernel",     "CastBack",    "ViewCopy"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "unknown";
}

int opsnn_plan_step_count(const aclOpExecutor *executor)
{
    opsnn_executor ex;
    if (opsnn_handle_snapshot(NULL, executor, &ex) != ACLNN_SUCCESS) {
        return -1;
    }
    opsnn_plan_steps plan;
    describe(&ex, &plan);
    return plan.n;
}

aclnnStatus opsnn_plan_get_step(const aclOpExecutor *executor, int index, opsnn_plan_step *step)
{
    opsnn_executor ex;
    aclnnStatus rc = opsnn_handle_snapshot("opsnn_plan_get_step", executor, &ex);
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    if (step == NULL) {
        opsnn_error("opsnn_plan_get_step: step must not be NULL, got NULL");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    opsnn_plan_steps plan;
    describe(&ex, &plan);
    if (index < 0 || index >= plan.n) {
        opsnn_error("opsnn_plan_get_step: index must be in [0, %d), got %d", plan.n, index);
        return ACLNN_ERR_PARAM_INVALID;
    }
    *step = plan.steps[index];
    return ACLNN_SUCCESS;
}

/* snprintf into buf at *len, tracking the full length even when truncated. */
#define APPEND(...) \
    do { \
        size_t room_ = *len < size ? size - *len : 0; \
        int n_ = snprintf(room_ ? buf + *len : NULL, room_, __VA_ARGS__); \
        *len += n_ > 0 ? (size_t)n_ : 0; \
    } while (0)

static void dump_step(const opsnn_executor *ex, const opsnn_plan_step *s, int i, char *buf,
                      size_t size, size_t *len)
{
    APPEND("  [%d] %s", i, opsnn_step_kind_name(s->kind));
    if (s->operand != OPSNN_OPERAND_NONE) {
        APPEND("(%s)", opsnn_operand_name(ex->desc.op, s->operand));
    }
    APPEND(" %s", opsnn_dtype_name(s->src_dtype));
    if (s->dst_dtype != s->src_dtype) {
        APPEND("->%s", opsnn_dtype_name(s->dst_dtype));
    }
    if (s->fused) {
        APPEND(" fused");
    }
    if (s->workspace_bytes > 0) {
        APPEND(" workspace %" PRIu64 " bytes", s->workspace_bytes);
    }
    APPEND("\n");
}

size_t opsnn_plan_dump(const aclOpExecutor *executor, char *buf, size_t size)
{
    size_t total = 0, *len = &total;
    if (buf != NULL && size > 0) {
        buf[0] = '\0';
    }
    if (buf == NULL) {
        size = 0;
    }
    opsnn_executor ex;
    if (opsnn_handle_snapshot(NULL, executor, &ex) != ACLNN_SUCCESS) {
        APPEND("(no live executor)\n");
        return total;
    }
    opsnn_plan_steps plan;
    describe(&ex, &plan);
    APPEND("%s plan: %d step%s, %" PRId64 " elements, workspace %" PRIu64 " bytes\n",
           ex.desc.op->api, plan.n, plan.n == 1 ? "" : "s", ex.out.numel, ex.workspace_size);
    APPEND("  SoC %s, operator package %s, kernels %s\n", ex.desc.config.soc->name,
           opsnn_opp_name(ex.desc.config.opp), opsnn_kernel_gen_name(ex.desc.config.gen));
    for (int i = 0; i < plan.n; i++) {
        dump_step(&ex, &plan.steps[i], i, buf, size, len);
    }
    /* phase 2 as phase 1 scheduled it (a changed thread setting or kernel
     * path schedules again at the next run) */
    const opsnn_schedule *sc = &ex.schedule;
    for (int i = 0; i < sc->npasses; i++) {
        const opsnn_pass_plan *p = &sc->pass[i];
        APPEND("  pass %d: %s, %d thread%s (%s), kernel path %s, %s stores, ", i,
               i == 0 ? "kernel" : "ViewCopy", p->b.threads, p->b.threads == 1 ? "" : "s",
               opsnn_get_threading(), opsnn_isa_name(sc->isa),
               p->nt_store ? "streaming" : "plain");
        if (p->traffic == INT64_MAX) {
            APPEND("more than %" PRId64 " bytes moved", INT64_MAX);
        } else {
            APPEND("%" PRId64 " bytes moved", p->traffic);
        }
        int pk = p->w.panel_input; /* operand pk of the pass: input pk - 1 of the kernel pass */
        if (pk != 0 && p->w.panel_stream) {
            APPEND(", %s walked %d columns at a time (column walk)",
                   i == 0 ? opsnn_operand_name(ex.desc.op, pk - 1) : "the temporary",
                   OPSNN_WALK_COLUMNS);
        } else if (pk != 0) {
            APPEND(", %s gathered in %" PRId64 " x %" PRId64 " panels (%s)",
                   i == 0 ? opsnn_operand_name(ex.desc.op, pk - 1) : "the temporary",
                   p->w.strip_rows, p->w.panel_cols,
                   p->w.panel_prefetch ? "prefetched" : "not prefetched");
        }
        int64_t items = p->b.tiles.block_num * p->b.items_per_block;
        APPEND(", %" PRId64 " work item%s\n", items, items == 1 ? "" : "s");
    }
    return total;
}
