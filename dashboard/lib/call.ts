import {
  callableContracts,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '@core/callables';
import { callFunction } from '@core/firebase/call';
import { getFirebase } from './firebase';
import { usePendingCall } from './use-pending-call';

export { readCallableError, type CallableFailure } from '@core/firebase/call';

/** Calls a function by its contract (core/callables.ts) with the dashboard's Functions client. */
export function call<N extends CallableName>(
  name: N,
  input: CallableInput<N>,
): Promise<CallableOutput<N>> {
  return callFunction(getFirebase().functions, name, input);
}

/** The input schema a callable's function validates with: a form checks it first, with no round trip. */
export function inputSchemaOf<N extends CallableName>(
  name: N,
): (typeof callableContracts)[N]['input'] {
  return callableContracts[name].input;
}

/** A callable with a pending flag, for buttons and spinners. */
export function useCall<N extends CallableName>(
  name: N,
): { run: (input: CallableInput<N>) => Promise<CallableOutput<N>>; isPending: boolean } {
  return usePendingCall((input: CallableInput<N>) => call(name, input));
}
