// Stands in for the network under the app's request layer: each request is recorded and answered
// by the test's handler (an envelope, or an HTTP status with a body).
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { http } from '../../../../src/api/request';

export type Reply = { status: number; data: unknown };
export type Responder = (config: InternalAxiosRequestConfig) => Reply;

export const envelope = (result: unknown = null, message = '', success = true) => ({
  success,
  code: success ? 200 : 500,
  message,
  result,
  timestamp: 0,
});

export function installFakeNetwork(respond: Responder) {
  const sent: InternalAxiosRequestConfig[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const reply = respond(config);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: '', headers: {}, config, request: {} };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  http.defaults.adapter = adapter;
  return {
    sent,
    restore() {
      http.defaults.adapter = original;
    },
  };
}
