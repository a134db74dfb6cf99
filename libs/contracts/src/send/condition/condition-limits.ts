/** Bounds that keep parsing and evaluating a condition cheap, whoever wrote it. */
export const MAX_CONDITION_LENGTH = 1000;
export const MAX_CONDITION_TOKENS = 200;
export const MAX_CONDITION_DEPTH = 32;
