import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const bankscope = require('../index.js');

test('version is the crate version', () => {
  assert.match(bankscope.version(), /^\d+\.\d+\.\d+$/);
});

test('parseAmount reads printed forms', () => {
  assert.equal(bankscope.parseAmount('1,23,456.78'), 12345678);
  assert.equal(bankscope.parseAmount('1,234.50 Dr'), -123450);
  assert.equal(bankscope.parseAmount('(1,234.50)'), -123450);
  assert.equal(bankscope.parseAmount('1234.50-'), -123450);
});

test('formatAmount uses Indian grouping', () => {
  assert.equal(bankscope.formatAmount(-53000000), '-5,30,000.00');
});

test('errors carry a stable code', () => {
  assert.throws(() => bankscope.parseAmount('12abc'), (err) => {
    assert.ok(err instanceof Error);
    assert.equal(err.code, 'INVALID_ARGUMENT');
    assert.match(err.message, /12abc/);
    return true;
  });
  assert.ok(bankscope.errorCodes().includes('PASSWORD_INCORRECT'));
});
