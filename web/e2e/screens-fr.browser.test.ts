import { describeScreens } from './screens.ts';

describeScreens('fr');
