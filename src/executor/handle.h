/*
 * The executor registry (internal; handle.c): the aclOpExecutor pointer a
 * user holds is a handle (slot index + generation) into one table, so a freed
 * executor is never mistaken for a live one that malloc placed at the same
 * address. Every access to a live executor goes through these calls, under
 * the table's lock.
 */
#ifndef OPSNN_EXECUTOR_HANDLE_H_
#define OPSNN_EXECUTOR_HANDLE_H_

#include "aclnn/aclnn_base.h"
#include "executor/executor.h"
#include "executor/plan.h"

/* A slot for ex, whose handle is returned; NULL when the table cannot grow. */
aclOpExecutor *opsnn_handle_register(opsnn_executor *ex);

/* The messages of a call given no executor or a dead one:
 * "<fn>: executor must not be NULL, got NULL" (PARAM_NULLPTR) and
 * "<fn>: executor %p is not live (...)" (PARAM_INVALID). */
aclnnStatus opsnn_handle_null(const char *fn);
aclnnStatus opsnn_handle_not_live(const char *fn, const aclOpExecutor *executor);

/* A consistent copy of a live executor's plan (views up to their rank) into
 * *copy. ACLNN_SUCCESS; else PARAM_NULLPTR / PARAM_INVALID with the message
 * "<fn>: executor ..." (fn NULL: no message). */
aclnnStatus opsnn_handle_snapshot(const char *fn, const aclOpExecutor *executor,
                                  opsnn_executor *copy);

/* fn(ex, arg) on the live executor, under the lock; its status, or the
 * messages above for a NULL or dead handle (reported as the function `api`). */
aclnnStatus opsnn_handle_update(const char *api, aclOpExecutor *executor,
                                aclnnStatus (*fn)(opsnn_executor *ex, void *arg), void *arg);

/* What a run takes: check(ex, arg) under the lock and, when it succeeds,
 * either a repeatable executor copied into *copy (returns copy: a rebind or
 * destroy meanwhile does not reach the run) or a single-use one taken out of
 * the table (returns it; its handle dies in the same step, so of two racing
 * threads exactly one runs it; the caller frees it). NULL with *rc set
 * otherwise (the messages above for a NULL or dead handle). */
opsnn_executor *opsnn_handle_take(const char *api, aclOpExecutor *executor,
                                  aclnnStatus (*check)(const opsnn_executor *ex, void *arg),
                                  void *arg, opsnn_executor *copy, aclnnStatus *rc);

/* A repeatable executor keeps the schedule a run had to make, so the runs
 * after it plan nothing (when the handle is still live). */
void opsnn_handle_keep_schedule(const aclOpExecutor *executor, const opsnn_schedule *s);

#endif /* OPSNN_EXECUTOR_HANDLE_H_ */
