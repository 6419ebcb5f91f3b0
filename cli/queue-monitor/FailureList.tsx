import { Box, Text } from 'ink';
import type { FailedSummaryJob } from '../../db/summaries.ts';
import { formatClockTime } from '../format-time.ts';

export function FailureList({ failures }: { failures: FailedSummaryJob[] }) {
  if (failures.length === 0) return <Text dimColor>no failed jobs</Text>;
  return (
    <Box flexDirection="column">
      <Text bold>last failures</Text>
      {failures.map((job) => (
        <Box key={job.projectId} flexDirection="column" marginLeft={2}>
          <Text wrap="truncate-end">
            project {job.projectId} · {job.title} · {job.attempts} attempt{job.attempts === 1 ? '' : 's'} · {formatClockTime(job.failedAt)}
          </Text>
          <Box marginLeft={2}>
            <Text color="red" wrap="truncate-end">
              {job.error ?? 'no error recorded'}
            </Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
