import { describeScreens } from './screens.ts';

describeScreens('it');
