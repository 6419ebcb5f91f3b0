import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useState } from 'react';
import { isDatabaseUnreachable } from '../database-unreachable.ts';
import { formatClockTime } from '../format-time.ts';
import { CountBar } from './CountBar.tsx';
import { FailureList } from './FailureList.tsx';
import { QUEUE_STATES, type QueueSnapshot } from './queue-snapshot.ts';

const COLORS: Record<(typeof QUEUE_STATES)[number], string> = { pending: 'yellow', processing: 'cyan', completed: 'green', failed: 'red' };

export interface QueueMonitorProps {
  load: () => Promise<QueueSnapshot>;
  /** Re-queues the failed jobs; resolves to how many. */
  retry: () => Promise<number>;
  refreshMs?: number;
  /** Ctrl-C: the monitor quits and the command exits 130, as an interrupted command does. */
  onInterrupt?: () => void;
}

function messageOf(error: unknown): string {
  if (isDatabaseUnreachable(error)) return 'database unreachable';
  return error instanceof Error ? error.message : String(error);
}

export function QueueMonitor({ load, retry, refreshMs = 2000, onInterrupt }: QueueMonitorProps) {
  const { exit } = useApp();
  const [snapshot, setSnapshot] = useState<QueueSnapshot | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setSnapshot(await load());
      setUpdatedAt(new Date());
      setProblem(null);
    } catch (error) {
      setProblem(isDatabaseUnreachable(error) ? `database unreachable, trying again every ${refreshMs / 1000} s` : messageOf(error));
    }
  }, [load, refreshMs]);

  useEffect(() => {
    let active = true;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      await refresh();
      if (active) timer = setTimeout(tick, refreshMs);
    };
    void tick();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [refresh, refreshMs]);

  useInput((input, key) => {
    if (key.ctrl && input === 'c') {
      onInterrupt?.();
      return exit();
    }
    if (input === 'q' || key.escape) return exit();
    if (input !== 'r' || retrying) return;
    setRetrying(true);
    retry()
      .then((count) => setNotice(count === 0 ? 'no failed jobs to retry' : `re-queued ${count} failed job${count === 1 ? '' : 's'}`))
      .catch((error: unknown) => setProblem(`retry failed: ${messageOf(error)}`))
      .finally(() => {
        setRetrying(false);
        void refresh();
      });
  });

  const total = snapshot ? QUEUE_STATES.reduce((sum, state) => sum + snapshot[state], 0) : 0;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text>
        <Text bold>Summary queue</Text>
        <Text dimColor>
          {updatedAt ? ` · updated ${formatClockTime(updatedAt)}` : ' · loading…'} · every {refreshMs / 1000} s
        </Text>
      </Text>
      <Box flexDirection="column" marginY={1}>
        {QUEUE_STATES.map((state) => (
          <CountBar key={state} label={state} count={snapshot?.[state] ?? 0} total={total} color={COLORS[state]} />
        ))}
      </Box>
      <FailureList failures={snapshot?.recentFailures ?? []} />
      {problem && <Text color="red">{problem}</Text>}
      {notice && <Text color="green">{notice}</Text>}
      <Box marginTop={1}>
        <Text dimColor>{retrying ? 're-queueing failed jobs…' : '[r] retry failed jobs  [q] quit'}</Text>
      </Box>
    </Box>
  );
}
