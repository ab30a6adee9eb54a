/**
 * A checkpoint thread entry that fails as it starts, for the checkpointer's failure test: every
 * thread the checkpointer starts on it dies before answering a call.
 */
throw new Error('this checkpoint thread fails on purpose');
