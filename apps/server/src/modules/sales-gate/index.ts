/** The sales gate: §8's payment rejection reasons, asked before a customer's door opens. */
export {
  type GateDependencies,
  NEURO_EVENT,
  PING_TIMEOUT_MS,
  REFUSAL_RULES,
  type RefusalRule,
} from './refusal-rules.js';
export {
  customerOpenRefusal,
  DEFAULT_GATE_DEPENDENCIES,
  type GateInput,
  recordRefusal,
} from './sales-gate.service.js';
