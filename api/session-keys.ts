export { secretKeysFor as sessionKeysFor } from '../secret-keys.ts';
