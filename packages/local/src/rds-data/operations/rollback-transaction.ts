import { endTransactionRequest, parseRequest } from '../requests';
import type { Operation } from './operation';

export const rollbackTransaction: Operation = {
  name: 'RollbackTransaction',
  async handle(body, { checkTarget, transactions }) {
    const request = parseRequest(endTransactionRequest, body);
    checkTarget(request);
    await transactions.rollback(request.transactionId);
    return { transactionStatus: 'Rollback Complete' };
  },
};
