import { describeScreens } from './screens.ts';

describeScreens('de');
