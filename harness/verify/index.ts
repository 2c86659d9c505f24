// The verifiers: the only way a check fails or warns (eslint.config.js keeps it so). A check
// states its rule and hands what it saw to one of these, which judge it and write the evidence
// in one house style: expected and actual in one line each, the frames cited, the level the
// sentence's (buildResult turns a broken SHOULD into a warning).
//
//   verifier          judges                                              file
//   expectError       an error answer with one of these codes (by name)   answers.ts
//   expectAnyError    an error answer, any code                           answers.ts
//   expectResult      a result that keeps a stated rule                   answers.ts
//   expectNoReply     nothing came for what was sent                      answers.ts
//   expectNone        no item of many breaks a stated rule                violations.ts
//   expectAnswered    an answer, result or error, where answering is it   utilities.ts
//   inTurn            several rules on one run: the first broken decides  utilities.ts
//   expectAnswer      the server still answers after odd input            messages.ts
//   expectRefusal     unreadable input refused with these codes, id null  messages.ts
//   expectSame        two answers that must be alike are                  messages.ts
//   expectNoneOrDoubt violations that fail, or only doubtful ones: a warn  features.ts
//   expectHttp(Each)  an HTTP answer keeps a rule (status, header, body)  http.ts
//   expectEvent       an SSE event keeps a rule                           http.ts
//   expectDocument    a fetched JSON document keeps a rule                http.ts
//   ownJudgement      the escape hatch: a judgement no verifier states    own-judgement.ts
export { DECIDED_BY_TIMEOUT, expectAnyError, expectError, expectNoReply, expectResult, notAnObject, replyLine, type AnswerOptions, type NoReplyOptions, type ResultOptions } from './answers.js';
export { exchange, type Exchange, type Judge } from './judge.js';
export { ownJudgement, type OwnOutcome } from './own-judgement.js';
export { expectNone, violationsLine, type NoneOptions, type Violation } from './violations.js';
export { expectAnswered, inTurn, type AnsweredOptions } from './utilities.js';
export { citingFirst, expectNoneOrDoubt, type MaybeViolation } from './features.js';
export { allOf, anyOf, contentType, expectDocument, expectEvent, expectHttp, expectHttpEach, header, httpExchange, noBody, notRpcError, rpcError, served, status, type HttpAnswer, type HttpExchange, type HttpRule } from './http.js';
export { expectAnswer, expectRefusal, expectSame, type Compared, type RefusalOptions } from './messages.js';
export { expectGiven, givenExchange, type Given, type GivenOptions } from './recorded.js';
