// Lint config: typescript-eslint's recommended rules over the sources and tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The suites' rules, as errors: every suite writes its verdicts through the verifiers (issue 38). */
const SUITE_RULES_LEVEL = { 'suites/server/**/*.ts': 'error', 'suites/authorization/**/*.ts': 'error', 'suites/client/**/*.ts': 'error' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'schema/generated/**', 'schema/official/**', 'reports-out/**', 'test-output/**', '.bench-cache/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', URL: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', performance: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The suites hold rules, not plumbing (issue 38): a verdict is written by a verifier
  // (harness/verify/), an error code is named (harness/rules/error-codes.ts), and the shared
  // JSON helpers are imported (harness/rules/json.ts), never redefined.
  ...Object.entries(SUITE_RULES_LEVEL).map(([glob, level]) => ({
    files: [glob],
    rules: {
      'no-restricted-syntax': [
        level,
        {
          selector: "CallExpression > MemberExpression.callee[property.name=/^(fail|warn)$/]",
          message: 'A verdict is written by a verifier (harness/verify/): expectError, expectResult, expectNone, ... or the escape hatch ownJudgement.',
        },
        {
          selector: "UnaryExpression[operator='-'] > Literal[value>=32000][value<=32768]",
          message: 'Name the error code: ErrorCode.InvalidParams, or expectError(..., [\'InvalidParams\']) (harness/rules/error-codes.ts).',
        },
        {
          selector: 'Literal[value=/-32[0-9]{3}/], TemplateElement[value.raw=/-32[0-9]{3}/]',
          message: 'Name the error code in text: {code:InvalidParams} in a title or requirement, codeText() or codeLabel() elsewhere.',
        },
        {
          selector: "VariableDeclarator[id.name=/^(isObject|isObj|isPlainObject)$/], FunctionDeclaration[id.name=/^(isObject|isObj|isPlainObject)$/], TSTypeAliasDeclaration[id.name='Json']",
          message: 'Import isObject and Json from harness/rules/json.ts.',
        },
      ],
    },
  })),
);
