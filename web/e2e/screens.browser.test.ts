import { describeScreens } from './screens.ts';

describeScreens(['fr', 'de', 'it', 'en']);
