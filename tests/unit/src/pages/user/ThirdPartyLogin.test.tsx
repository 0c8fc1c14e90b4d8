import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThirdPartyLogin } from '../../../../../src/pages/user/ThirdPartyLogin';
import { envelope, installFakeNetwork } from '../../runtimeHost/fakeNetwork';

describe('the login page’s other ways in', () => {
  let network: ReturnType<typeof installFakeNetwork> | undefined;
  afterEach(() => network?.restore());

  it('shows nothing when the server has no provider configured', async () => {
    network = installFakeNetwork(() => ({ status: 200, data: envelope({ oidc: null, cas: null }) }));
    const { container } = render(<ThirdPartyLogin />);
    await waitFor(() => expect(network!.sent.map((c) => c.url)).toContain('/sys/thirdLogin/providers'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText('其他登录方式')).toBeNull();
  });

  it('offers the provider by its configured name, and CAS, each starting where the server says', async () => {
    network = installFakeNetwork(() => ({ status: 200, data: envelope({ oidc: { name: '企业统一身份' }, cas: { loginUrl: 'https://cas.example.com/cas/login?service=x' } }) }));
    render(<ThirdPartyLogin />);
    expect(await screen.findByText('其他登录方式')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /企业统一身份/ })).toHaveAttribute('href', '/insurance/sys/thirdLogin/render/oidc');
    expect(screen.getByRole('link', { name: /CAS 单点登录/ })).toHaveAttribute('href', 'https://cas.example.com/cas/login?service=x');
  });
});
