import { describe, expect, it } from 'vitest';
import { type InlineCreateSteps, runInlineCreate } from './use-inline-create';

type Body = { percent: number };
type Answer = { id: number };

/** The steps with every collaborator recording what it was asked, in order. */
function recorder(options: { isValid?: boolean; answer?: Answer; error?: unknown; withForm?: boolean } = {}) {
  const log: string[] = [];
  const withForm = options.withForm ?? true;
  const steps: InlineCreateSteps<Body, Answer> = {
    parse: (values) => {
      log.push(`parse ${JSON.stringify(values)}`);
      return options.isValid === false ? null : (values as Body);
    },
    send: (body, handlers) => {
      log.push(`send ${JSON.stringify(body)}`);
      if (options.error !== undefined) {
        if (handlers.onError) handlers.onError(options.error);
        else log.push('error left to the client');
      } else handlers.onSuccess(options.answer ?? { id: 1 });
    },
    notify: () => log.push('notify'),
    ...(withForm
      ? { reset: () => log.push('reset'), showErrors: (error: unknown) => log.push(`errors ${String(error)}`) }
      : {}),
    onCreated: (answer) => log.push(`created ${answer.id}`),
  };
  return { log, steps };
}

describe('the inline create of a card tab', () => {
  it('checks, sends, then says so, empties the row and hands the answer on', () => {
    const { log, steps } = recorder({ answer: { id: 42 } });
    expect(runInlineCreate(steps, { percent: 10 })).toBe(true);
    expect(log).toEqual(['parse {"percent":10}', 'send {"percent":10}', 'notify', 'reset', 'created 42']);
  });

  it('sends nothing when the values do not pass the body schema', () => {
    const { log, steps } = recorder({ isValid: false });
    expect(runInlineCreate(steps, { percent: 0 })).toBe(false);
    expect(log).toEqual(['parse {"percent":0}']);
  });

  it('puts a refusal back on the row and keeps what was entered', () => {
    const { log, steps } = recorder({ error: 'percent taken' });
    runInlineCreate(steps, { percent: 10 });
    expect(log).toEqual(['parse {"percent":10}', 'send {"percent":10}', 'errors percent taken']);
  });

  it('without a form, a refusal is the client’s usual toast and nothing is reset', () => {
    const refused = recorder({ error: 'gone', withForm: false });
    runInlineCreate(refused.steps, { percent: 10 });
    expect(refused.log).toEqual(['parse {"percent":10}', 'send {"percent":10}', 'error left to the client']);

    const saved = recorder({ withForm: false });
    runInlineCreate(saved.steps, { percent: 10 });
    expect(saved.log).toEqual(['parse {"percent":10}', 'send {"percent":10}', 'notify', 'created 1']);
  });

  it('a tab without a toast or a follow-up still sends and resets', () => {
    const { log, steps } = recorder();
    runInlineCreate({ ...steps, notify: undefined, onCreated: undefined }, { percent: 5 });
    expect(log).toEqual(['parse {"percent":5}', 'send {"percent":5}', 'reset']);
  });
});
