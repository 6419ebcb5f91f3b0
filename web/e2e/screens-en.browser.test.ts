import { describeScreens } from './screens.ts';

describeScreens('en');
