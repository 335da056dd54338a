/** The password feature's public file: what other features may use of it (lint rejects deeper imports). */
export { newPasswordProblem } from './passwordRules';
