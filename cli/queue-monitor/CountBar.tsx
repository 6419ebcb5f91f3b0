import { Box, Text } from 'ink';

const WIDTH = 30;

export interface CountBarProps {
  label: string;
  count: number;
  total: number;
  color: string;
}

export function CountBar({ label, count, total, color }: CountBarProps) {
  const filled = total === 0 ? 0 : Math.max(count > 0 ? 1 : 0, Math.round((count / total) * WIDTH));
  return (
    <Box>
      <Box width={12}>
        <Text>{label}</Text>
      </Box>
      <Text color={color}>{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(WIDTH - filled)}</Text>
      <Box width={9} justifyContent="flex-end">
        <Text bold>{count}</Text>
      </Box>
    </Box>
  );
}
