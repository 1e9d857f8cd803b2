export {
  startLocalRuntime,
  LOCAL_REGION,
  type LocalRuntime,
  type LocalRuntimeOptions,
} from './runtime';
export { ManualClock, systemClock, type Clock } from './clock';
