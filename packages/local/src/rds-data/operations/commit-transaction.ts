import { endTransactionRequest, parseRequest } from '../requests';
import type { Operation } from './operation';

export const commitTransaction: Operation = {
  name: 'CommitTransaction',
  async handle(body, { checkTarget, transactions }) {
    const request = parseRequest(endTransactionRequest, body);
    checkTarget(request);
    await transactions.commit(request.transactionId);
    return { transactionStatus: 'Transaction Committed' };
  },
};
