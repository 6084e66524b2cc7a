import { defineBackground } from '#imports';
import { registerBackground } from './register';

export default defineBackground(() => {
  registerBackground();
});
