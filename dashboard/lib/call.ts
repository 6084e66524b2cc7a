import {
  callableContracts,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '@core/callables';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@core/firebase/call';
import { callableReads } from '@core/react/query-client';
import { getFirebase } from './firebase';

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

/**
 * A callable that changes something, with a pending flag for buttons and spinners: a TanStack Query
 * mutation on the runtime's one client (core/react/query-client.ts), never retried. `run` resolves with
 * the function's answer or rejects with its error, as `call` does.
 */
export function useCall<N extends CallableName>(
  name: N,
): { run: (input: CallableInput<N>) => Promise<CallableOutput<N>>; isPending: boolean } {
  const mutation = useMutation(
    { mutationFn: (input: CallableInput<N>) => call(name, input) },
    callableReads,
  );
  return { run: mutation.mutateAsync, isPending: mutation.isPending };
}
