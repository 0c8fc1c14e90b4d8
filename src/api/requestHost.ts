// The request layer's side effects on the page (notifications, the re-login modal, logout, reload)
// go through this host so the layer itself has no UI dependency: the app wires it to antd's App
// hooks and the session actions; unit tests wire it to spies.

export interface NotifyArgs {
  message: string;
  description: string;
  /** seconds; antd's default when absent */
  duration?: number;
}

export interface ReloginArgs {
  title: string;
  content: string;
  okText: string;
  onOk: () => void | Promise<void>;
}

export interface RequestHost {
  notifyError(args: NotifyArgs): void;
  /** Shows the 登录已过期 modal; `onOk` runs when the user presses the re-login button. */
  confirmRelogin(args: ReloginArgs): void;
  /** Ends the session (server logout + local clean-up). Never rejects. */
  logout(): Promise<void>;
  reload(): void;
}

const defaultHost: RequestHost = {
  notifyError({ message, description }) {
    console.error(`${message}: ${description}`);
  },
  confirmRelogin({ content, onOk }) {
    console.error(content);
    void onOk();
  },
  logout: () => Promise.resolve(),
  reload: () => window.location.reload(),
};

let host: RequestHost = defaultHost;

/** Replaces parts of the host; returns a function that restores the previous one. */
export function setRequestHost(overrides: Partial<RequestHost>): () => void {
  const previous = host;
  host = { ...host, ...overrides };
  return () => {
    host = previous;
  };
}

export function requestHost(): RequestHost {
  return host;
}
