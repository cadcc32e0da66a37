/* Executor lifecycle (docs/design.md): creation at the end of phase 1, the shared
 * phase 2, repeatable executors and address rebinding.
 *
 * An aclOpExecutor pointer handed to the user is a handle, not an address:
 * (generation << (SLOT_BITS + 1)) | (slot << 1) | 1. The table maps the slot
 * to the executor while its generation matches; freeing an executor bumps the
 * slot's generation under the table's lock, in the same step that claims it.
 * So of two threads racing to run (or destroy) one single-use executor exactly
 * one gets it, and a stale handle is refused even after malloc has put a new
 * executor at the old address. Every call resolves the handle and reads or
 * writes the executor under the lock; a run copies what it needs (a
 * repeatable executor) or takes the executor out of the table (a single-use
 * one) before it computes, so rebinding or destroying it meanwhile cannot
 * touch a run in progress. Generations have 39 bits (64-bit builds): a stale
 * handle could only alias after 2^39 executors have used its slot. */
#include "executor/executor.h"

#include <inttypes.h>
#include <pthread.h>
#include <string.h>

#include "common/alloc.h"
#include "common/error.h"
#include "common/fork.h"
#include "runtime/stream.h"

#define SLOT_BITS (UINTPTR_MAX > UINT32_MAX ? 24u : 12u)
#define MAX_SLOTS ((size_t)1 << SLOT_BITS)
#define GEN_MASK ((uint64_t)(UINTPTR_MAX >> (SLOT_BITS + 1u)))

typedef struct {
    opsnn_executor *ex; /* NULL: free */
    uint64_t gen; /* in 1..GEN_MASK */
} exec_slot;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static exec_slot *slots;
static uint32_t *free_slots; /* stack of free slot indices */
static size_t nslots, cap, nfree;

void opsnn_executor_fork(int phase)
{
    opsnn_fork_mutex(&table_lock, phase);
}

#if defined(__GNUC__)
/* Unloading: an empty table leaves no memory behind after dlclose (one with
 * live executors is left as it is: the host still holds them). */
__attribute__((destructor)) static void table_at_unload(void)
{
    pthread_mutex_lock(&table_lock);
    if (nslots == nfree) {
        opsnn_free(slots);
        opsnn_free(free_slots);
        slots = NULL;
        free_slots = NULL;
        nslots = cap = nfree = 0;
    }
    pthread_mutex_unlock(&table_lock);
}
#endif

static aclOpExecutor *encode(size_t index, uint64_t gen)
{
    uintptr_t h = ((uintptr_t)gen << (SLOT_BITS + 1u)) | ((uintptr_t)index << 1) | 1u;
    return (aclOpExecutor *)h;
}

/* Index of the live executor the handle names, or -1 (lock held). */
static long resolve_locked(const aclOpExecutor *handle)
{
    uintptr_t h = (uintptr_t)handle;
    size_t index = (size_t)(h >> 1) & (MAX_SLOTS - 1);
    uint64_t gen = (uint64_t)(h >> (SLOT_BITS + 1u));
    if ((h & 1u) == 0 || index >= nslots || slots[index].ex == NULL || slots[index].gen != gen) {
        return -1;
    }
    return (long)index;
}

/* Take the executor out of the table (lock held): the handle dies here. */
static opsnn_executor *claim_locked(long index)
{
    exec_slot *s = &slots[index];
    opsnn_executor *ex = s->ex;
    s->ex = NULL;
    s->gen = s->gen == GEN_MASK ? 1 : s->gen + 1;
    free_slots[nfree++] = (uint32_t)index;
    return ex;
}

/* A slot for ex; NULL when the table cannot grow. */
static aclOpExecutor *register_executor(opsnn_executor *ex)
{
    aclOpExecutor *handle = NULL;
    pthread_mutex_lock(&table_lock);
    if (nfree == 0 && nslots == cap && cap < MAX_SLOTS) {
        size_t ncap = cap ? cap * 2 : 64;
        exec_slot *s = opsnn_malloc(ncap * sizeof *s);
        uint32_t *f = opsnn_malloc(ncap * sizeof *f);
        if (s != NULL && f != NULL) {
            if (nslots > 0) {
                memcpy(s, slots, nslots * sizeof *s);
            }
            opsnn_free(slots);
            opsnn_free(free_slots);
            slots = s;
            free_slots = f;
            cap = ncap;
        } else {
            opsnn_free(s);
            opsnn_free(f);
        }
    }
    size_t index = SIZE_MAX;
    if (nfree > 0) {
        index = free_slots[--nfree];
    } else if (nslots < cap) {
        index = nslots++;
        slots[index].gen = 1;
    }
    if (index != SIZE_MAX) {
        slots[index].ex = ex;
        handle = encode(index, slots[index].gen);
    }
    pthread_mutex_unlock(&table_lock);
    return handle;
}

/* What a run or an inspection needs: everything, views up to their rank. */
static void copy_executor(opsnn_executor *dst, const opsnn_executor *src)
{
    dst->desc = src->desc;
    dst->repeatable = src->repeatable;
    opsnn_tensor_copy_view(&dst->out, &src->out);
    dst->ndim = src->ndim;
    memcpy(dst->shape, src->shape, (size_t)src->ndim * sizeof *src->shape);
    for (int k = 0; k < src->desc.op->ninputs; k++) {
        opsnn_tensor_copy_view(&dst->in[k], &src->in[k]);
        memcpy(dst->in_strides[k], src->in_strides[k], (size_t)src->ndim * sizeof **src->in_strides);
    }
    dst->workspace_size = src->workspace_size;
    dst->addr_changed = src->addr_changed;
    opsnn_schedule_copy(&dst->schedule, &src->schedule);
}

static void align_input(opsnn_executor *ex, int k)
{
    const aclTensor *t = &ex->in[k];
    int lead = ex->ndim - t->ndim;
    for (int d = 0; d < ex->ndim; d++) {
        int dt = d - lead;
        int broadcast = dt < 0 || (t->dims[dt] == 1 && ex->shape[d] != 1);
        ex->in_strides[k][d] = broadcast ? 0 : t->strides[dt];
    }
}

/* CANN's aclrtMalloc returns aligned memory; a user pointer that is not a
 * multiple of the element size would make the kernels load misaligned values. */
static int misaligned(const char *fn, const opsnn_op_info *op, int operand, const void *addr, size_t elem_size)
{
    if (addr == NULL || elem_size <= 1 || (uintptr_t)addr % elem_size == 0) {
        return 0;
    }
    opsnn_error("%s: %s data address must be a multiple of its element size %zu, got %p", fn,
                opsnn_operand_name(op, operand), elem_size, addr);
    return 1;
}

aclnnStatus opsnn_executor_create(const opsnn_op_desc *desc, uint64_t *workspaceSize,
                                  aclOpExecutor **executor)
{
    for (int k = 0; k < desc->op->ninputs; k++) {
        if (misaligned(desc->op->api, desc->op, k, desc->inputs[k]->data, desc->inputs[k]->elem_size)) {
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (misaligned(desc->op->api, desc->op, OPSNN_OPERAND_OUTPUT, desc->output->data,
                   desc->output->elem_size)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    int overlap = opsnn_tensor_self_overlaps(desc->output);
    if (overlap < 0) {
        opsnn_error("%s: out of memory checking %s for internal overlap", desc->op->api,
                    opsnn_operand_name(desc->op, OPSNN_OPERAND_OUTPUT));
        return ACLNN_ERR_INNER;
    }
    if (overlap) {
        opsnn_error("%s: %s must not have internal overlap (two elements at one address), "
                    "got a view of %" PRId64 " elements with overlapping strides",
                    desc->op->api, opsnn_operand_name(desc->op, OPSNN_OPERAND_OUTPUT),
                    desc->output->numel);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Every field is written below; calloc's clearing of ~4 KiB would be a
     * large share of a tiny call. */
    opsnn_executor *ex = opsnn_malloc(sizeof *ex);
    if (ex == NULL) {
        opsnn_error("%s: out of memory creating the executor", desc->op->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    ex->desc = *desc;
    if (ex->desc.config.soc == NULL) { /* an operator whose checks do not depend on it */
        aclnnStatus rc = opsnn_config_get(&ex->desc.config);
        if (rc != ACLNN_SUCCESS) {
            opsnn_free(ex);
            return rc;
        }
    }
    if (ex->desc.config.gen == OPSNN_GEN_NONE) {
        opsnn_error("%s: the %s operator package has no kernel of this operator for %s", desc->op->api,
                    opsnn_opp_name(ex->desc.config.opp), ex->desc.config.soc->name);
        opsnn_free(ex);
        return ACLNN_ERR_PARAM_INVALID;
    }
    ex->desc.kernel = desc->op->kernels[ex->desc.config.gen];
    ex->repeatable = 0;
    opsnn_tensor_copy_view(&ex->out, desc->output);
    ex->ndim = ex->out.ndim;
    memcpy(ex->shape, ex->out.dims, (size_t)ex->ndim * sizeof *ex->shape);
    for (int k = 0; k < desc->op->ninputs; k++) {
        opsnn_tensor_copy_view(&ex->in[k], desc->inputs[k]);
        ex->desc.inputs[k] = NULL;
        align_input(ex, k);
    }
    ex->desc.output = NULL;
    ex->workspace_size = opsnn_executor_temp_bytes(ex);
    ex->addr_changed = 0;
    opsnn_schedule_make(ex, ex->workspace_size > 0, &ex->schedule);
    aclOpExecutor *handle = register_executor(ex);
    if (handle == NULL) {
        opsnn_free(ex);
        opsnn_error("%s: out of memory registering the executor", desc->op->api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    *workspaceSize = ex->workspace_size;
    *executor = handle;
    if (opsnn_log_enabled(OPSNN_LOG_DEBUG)) {
        char plan[512];
        opsnn_plan_dump(handle, plan, sizeof plan);
        opsnn_log(OPSNN_LOG_DEBUG, "%s: phase 1 built executor %p: %" PRId64 " elements, rank %d, "
                  "workspace %" PRIu64 " bytes; plan: %s", desc->op->api, (void *)handle, ex->out.numel,
                  ex->ndim, ex->workspace_size, plan);
    }
    return ACLNN_SUCCESS;
}

/* Byte range [lo, hi) a non-empty view touches. */
static void byte_range(const aclTensor *t, uintptr_t *lo, uintptr_t *hi)
{
    int64_t first, last;
    opsnn_tensor_extent(t, &first, &last);
    *lo = (uintptr_t)t->data + (uintptr_t)first * t->elem_size;
    *hi = (uintptr_t)t->data + (uintptr_t)(last + 1) * t->elem_size;
}

/* Exactly in place: every output element sits where the input element of the
 * same index is read, so the elementwise pass may write over it. */
static int same_layout(const opsnn_executor *ex, int k)
{
    const aclTensor *in = &ex->in[k];
    if (in->data != ex->out.data || in->offset != ex->out.offset ||
        in->elem_size != ex->out.elem_size) {
        return 0;
    }
    for (int d = 0; d < ex->ndim; d++) {
        if (ex->shape[d] > 1 && ex->in_strides[k][d] != ex->out.strides[d]) {
            return 0;
        }
    }
    return 1;
}

uint64_t opsnn_executor_temp_bytes(const opsnn_executor *ex)
{
    if (ex->out.numel == 0) {
        return 0;
    }
    uintptr_t olo, ohi;
    byte_range(&ex->out, &olo, &ohi);
    for (int k = 0; k < ex->desc.op->ninputs; k++) {
        if (ex->in[k].numel == 0 || same_layout(ex, k)) {
            continue;
        }
        uintptr_t ilo, ihi;
        byte_range(&ex->in[k], &ilo, &ihi);
        if (ilo < ohi && olo < ihi) {
            /* Round up so the temporary can start a 64-byte aligned workspace. */
            return ((uint64_t)ex->out.numel * ex->out.elem_size + 63u) & ~(uint64_t)63u;
        }
    }
    return 0;
}

static aclnnStatus not_live(const char *fn, const aclOpExecutor *executor)
{
    opsnn_error("%s: executor %p is not live (already run, destroyed, or never created)", fn,
                (const void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus null_executor(const char *fn)
{
    opsnn_error("%s: executor must not be NULL, got NULL", fn);
    return ACLNN_ERR_PARAM_NULLPTR;
}

aclnnStatus opsnn_executor_snapshot(const char *fn, const aclOpExecutor *executor,
                                    opsnn_executor *copy)
{
    if (executor == NULL) {
        return fn != NULL ? null_executor(fn) : ACLNN_ERR_PARAM_NULLPTR;
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    if (index >= 0) {
        copy_executor(copy, slots[index].ex);
    }
    pthread_mutex_unlock(&table_lock);
    if (index < 0) {
        return fn != NULL ? not_live(fn, executor) : ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* [lo, hi) of a view overlaps [wlo, whi). */
static int overlaps_range(const aclTensor *t, uintptr_t wlo, uintptr_t whi)
{
    if (t->numel == 0) {
        return 0;
    }
    uintptr_t lo, hi;
    byte_range(t, &lo, &hi);
    return lo < whi && wlo < hi;
}

/* Every check of phase 2 (table lock held); need: bytes of temporary to use. */
static aclnnStatus check_run_locked(const opsnn_op_info *op, const void *workspace,
                                    uint64_t workspaceSize, const opsnn_executor *ex,
                                    aclrtStream stream, uint64_t *need)
{
    const char *api = op->api;
    if (ex->desc.op != op) {
        opsnn_error("%s: executor must come from %sGetWorkspaceSize, got one from %sGetWorkspaceSize",
                    api, api, ex->desc.op->api);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!opsnn_stream_valid(stream)) {
        opsnn_error("%s: stream must be NULL or a live stream from aclrtCreateStream, got %p", api,
                    stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspaceSize < ex->workspace_size) {
        opsnn_error("%s: workspaceSize must be >= %" PRIu64 " (from phase 1), got %" PRIu64, api,
                    ex->workspace_size, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspace == NULL && workspaceSize > 0) {
        opsnn_error("%s: workspace must not be NULL when workspaceSize > 0, got NULL with "
                    "workspaceSize %" PRIu64, api, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    /* Phase 1's overlap answer holds until an address is rebound. */
    *need = ex->addr_changed ? opsnn_executor_temp_bytes(ex) : ex->workspace_size;
    if (*need > workspaceSize) {
        opsnn_error("%s: the addresses set since phase 1 make %s overlap an input, so "
                    "workspaceSize must be >= %" PRIu64 ", got %" PRIu64, api,
                    opsnn_operand_name(op, OPSNN_OPERAND_OUTPUT), *need, workspaceSize);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (*need > 0) {
        uintptr_t wlo = (uintptr_t)workspace, whi = wlo + (uintptr_t)*need;
        for (int k = -1; k < ex->desc.op->ninputs; k++) {
            const aclTensor *t = k < 0 ? &ex->out : &ex->in[k];
            if (overlaps_range(t, wlo, whi)) {
                opsnn_error("%s: workspace must not overlap %s, got workspace %p (%" PRIu64
                            " bytes used) and %s at %p", api,
                            opsnn_operand_name(op, k < 0 ? OPSNN_OPERAND_OUTPUT : k), workspace,
                            *need, opsnn_operand_name(op, k < 0 ? OPSNN_OPERAND_OUTPUT : k),
                            t->data);
                return ACLNN_ERR_PARAM_INVALID;
            }
        }
    }
    return ACLNN_SUCCESS;
}

/* A repeatable executor keeps the schedule a run had to make, so the runs
 * after it plan nothing (a schedule says what it was made for, so one that a
 * rebind meanwhile outdated is only made again). */
static void keep_schedule(const aclOpExecutor *executor, const opsnn_schedule *s)
{
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    if (index >= 0) {
        slots[index].ex->schedule = *s;
    }
    pthread_mutex_unlock(&table_lock);
}

aclnnStatus opsnn_executor_run(const opsnn_op_info *op, void *workspace, uint64_t workspaceSize,
                               aclOpExecutor *executor, aclrtStream stream)
{
    const char *api = op->api;
    if (executor == NULL) {
        return null_executor(api);
    }
    /* Checks, then either claiming a single-use executor (its handle dies in
     * the same step, so of two racing threads exactly one runs it) or copying
     * a repeatable one (a rebind or destroy meanwhile does not reach this run),
     * all under one lock. */
    opsnn_executor copy;
    opsnn_executor *ex = NULL;
    uint64_t need = 0;
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    aclnnStatus rc = index < 0 ? ACLNN_ERR_PARAM_INVALID
                               : check_run_locked(op, workspace, workspaceSize,
                                                  slots[index].ex, stream, &need);
    if (rc == ACLNN_SUCCESS) {
        if (slots[index].ex->repeatable) {
            copy_executor(&copy, slots[index].ex);
            ex = &copy;
        } else {
            ex = claim_locked(index);
        }
    }
    pthread_mutex_unlock(&table_lock);
    if (index < 0) {
        return not_live(api, executor);
    }
    if (rc != ACLNN_SUCCESS) {
        return rc;
    }
    /* The schedule of phase 1 holds unless the thread setting, the kernel
     * path or (after a rebind) the need for the temporary changed since. */
    int replanned = !opsnn_schedule_current(&ex->schedule, need > 0);
    if (replanned) {
        opsnn_schedule_make(ex, need > 0, &ex->schedule);
    }
    opsnn_executor_execute(ex, need > 0 ? workspace : NULL);
    if (ex != &copy) {
        opsnn_free(ex);
    } else if (replanned) {
        keep_schedule(executor, &copy.schedule);
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    static const char fn[] = "aclSetAclOpExecutorRepeatable";
    if (executor == NULL) {
        return null_executor(fn);
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    if (index >= 0) {
        slots[index].ex->repeatable = 1;
    }
    pthread_mutex_unlock(&table_lock);
    return index >= 0 ? ACLNN_SUCCESS : not_live(fn, executor);
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    static const char fn[] = "aclDestroyAclOpExecutor";
    if (executor == NULL) {
        return null_executor(fn);
    }
    pthread_mutex_lock(&table_lock);
    long index = resolve_locked(executor);
    opsnn_executor *ex = index >= 0 ? claim_locked(index) : NULL;
    pthread_mutex_unlock(&table_lock);
    if (ex == NULL) {
        return not_live(fn, executor);
    }
    opsnn_free(ex);
    return ACLNN_SUCCESS;
}

static aclnnStatus set_addr(const char *fn, aclOpExecutor *executor, size_t index, void *addr,
                            int output)
{
    if (executor == NULL) {
        return null_executor(fn);
    }
    aclnnStatus rc = ACLNN_SUCCESS;
    pthread_mutex_lock(&table_lock);
    long slot = resolve_locked(executor);
    opsnn_executor *ex = slot >= 0 ? slots[slot].ex : NULL;
    size_t count = ex == NULL ? 0 : output ? 1 : (size_t)ex->desc.op->ninputs;
    aclTensor *t = ex != NULL && index < count ? (output ? &ex->out : &ex->in[index]) : NULL;
    if (ex == NULL) {
        rc = not_live(fn, executor);
    } else if (t == NULL) {
        opsnn_error("%s: index must be < %zu, got %zu", fn, count, index);
        rc = ACLNN_ERR_PARAM_INVALID;
    } else if (addr == NULL && t->numel > 0) {
        opsnn_error("%s: addr must not be NULL for a non-empty tensor, got NULL", fn);
        rc = ACLNN_ERR_PARAM_NULLPTR;
    } else if (misaligned(fn, ex->desc.op, output ? OPSNN_OPERAND_OUTPUT : (int)index, addr,
                          t->elem_size)) {
        rc = ACLNN_ERR_PARAM_INVALID;
    } else {
        t->data = addr;
        ex->addr_changed = 1;
    }
    pthread_mutex_unlock(&table_lock);
    return rc;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                  void *addr)
{
    (void)tensor; /* the planned view is kept; only its base address changes */
    return set_addr("aclSetInputTensorAddr", executor, index, addr, 0);
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                   void *addr)
{
    (void)tensor;
    return set_addr("aclSetOutputTensorAddr", executor, index, addr, 1);
}
