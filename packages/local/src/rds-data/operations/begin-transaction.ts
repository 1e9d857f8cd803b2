import { beginTransactionRequest, parseRequest } from '../requests';
import type { Operation } from './operation';

export const beginTransaction: Operation = {
  name: 'BeginTransaction',
  async handle(body, { checkTarget, transactions }) {
    const request = parseRequest(beginTransactionRequest, body);
    checkTarget(request);
    return { transactionId: await transactions.begin() };
  },
};
