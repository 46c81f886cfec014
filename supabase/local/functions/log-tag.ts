// Marks a log line a function worker wrote through console.* (see preload.ts); shared by both sides.
export const FUNCTION_LOG_TAG = '\u001elocal-function-log ';

export const FUNCTION_LOG_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;

export type FunctionLogLevel = (typeof FUNCTION_LOG_LEVELS)[number];

export type FunctionLogRecord = { level: FunctionLogLevel; text: string };
