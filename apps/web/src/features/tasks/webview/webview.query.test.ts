import { describe, expect, it } from 'vitest';
import {
  readCommentEditWebviewQuery,
  readCommentWebviewQuery,
  readDescriptionWebviewQuery,
} from './webview.query';

const params = (query: string) => new URLSearchParams(query);

describe('the address of a task web view', () => {
  it('reads the company, the token and the task', () => {
    expect(readDescriptionWebviewQuery(params('companyId=1&token=abc.def&taskId=42'))).toEqual({
      companyId: 1,
      token: 'abc.def',
      taskId: 42,
    });
    expect(readCommentWebviewQuery(params('taskId=42&companyId=1&token=abc'))).toEqual({
      companyId: 1,
      token: 'abc',
      taskId: 42,
    });
  });

  it('reads nothing when any parameter is missing, empty or not an id', () => {
    expect(readDescriptionWebviewQuery(params('companyId=1&taskId=42'))).toBeNull();
    expect(readDescriptionWebviewQuery(params('companyId=1&token=&taskId=42'))).toBeNull();
    expect(readCommentWebviewQuery(params('companyId=x&token=abc&taskId=42'))).toBeNull();
    expect(readCommentWebviewQuery(params('companyId=1&token=abc&taskId=0'))).toBeNull();
  });

  it('needs the comment as well to edit one', () => {
    expect(readCommentEditWebviewQuery(params('companyId=1&token=abc&taskId=42'))).toBeNull();
    expect(readCommentEditWebviewQuery(params('companyId=1&token=abc&taskId=42&commentId=7'))).toEqual({
      companyId: 1,
      token: 'abc',
      taskId: 42,
      commentId: 7,
    });
  });
});
