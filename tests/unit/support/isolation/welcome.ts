import { farewell } from './farewell';
import { greeting } from './greeting';

export const welcome = () => `${greeting}, world`;
export const goodbye = () => `${farewell}, world`;
