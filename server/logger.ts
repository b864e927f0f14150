import pino from 'pino';

export function createLogger(env: string) {
  const level = process.env.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info');
  return pino({ level, redact: ['req.headers.cookie', 'req.headers.authorization', '*.password'] });
}
