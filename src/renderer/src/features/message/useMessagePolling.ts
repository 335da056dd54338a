import { useEffect } from 'react';
import { usePermission } from '@renderer/permission/permission';
import { useAppSelector } from '@renderer/store/hooks';
import { messageApi } from './messageApi';

/** SPEC section 9: the next poll 10 s after a success, 30 s after a failure. */
export const POLL_AFTER_SUCCESS_MS = 10_000;
export const POLL_AFTER_FAILURE_MS = 30_000;

/**
 * The signed-in user's unread messages for the top bar, polled by a chain of timeouts: each answer (or
 * failure) schedules the next call, so calls never overlap. Nothing is polled while signed out or for a
 * user without message:view (the badge is simply absent); a failure is retried quietly.
 */
export function useMessagePolling() {
  const signedIn = useAppSelector((s) => s.auth.user !== null);
  const allowed = usePermission(['message:view']);
  const skip = !signedIn || !allowed;
  const q = messageApi.useUserMessagesQuery(undefined, { skip });
  const { isFetching, isError, isUninitialized, refetch } = q;
  const settledAt = q.fulfilledTimeStamp ?? q.startedTimeStamp;
  useEffect(() => {
    if (skip || isFetching || isUninitialized) return undefined;
    const timer = setTimeout(() => void refetch(), isError ? POLL_AFTER_FAILURE_MS : POLL_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [skip, isFetching, isError, isUninitialized, refetch, settledAt]);
  const data = skip ? undefined : q.currentData ?? q.data;
  return { enabled: !skip, count: typeof data?.messageNum === 'number' ? data.messageNum : 0, latest: data?.messageList ?? [] };
}
