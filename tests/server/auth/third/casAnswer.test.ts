import { describe, expect, it } from 'vitest';
import { readCasAnswer } from '../../../../server/auth/third/casResponse';

const NS = 'xmlns:cas="http://www.yale.edu/tp/cas"';

describe('reading a CAS 2.0 serviceValidate answer', () => {
  it('reads the user of a success, whatever the prefix, with attributes and CDATA around', () => {
    expect(readCasAnswer(`<?xml version="1.0" encoding="UTF-8"?>
      <cas:serviceResponse ${NS}>
        <cas:authenticationSuccess>
          <cas:user>cas_user1</cas:user>
          <cas:attributes><cas:email>a@example.com</cas:email></cas:attributes>
        </cas:authenticationSuccess>
      </cas:serviceResponse>`)).toEqual({ valid: true, user: 'cas_user1' });
    expect(readCasAnswer('<s:serviceResponse xmlns:s="http://www.yale.edu/tp/cas"><s:authenticationSuccess><s:user><![CDATA[li&si]]></s:user></s:authenticationSuccess></s:serviceResponse>'))
      .toEqual({ valid: true, user: 'li&si' });
    expect(readCasAnswer('<serviceResponse xmlns="http://www.yale.edu/tp/cas"><authenticationSuccess><user>z&#x5f20;&amp;</user></authenticationSuccess></serviceResponse>'))
      .toEqual({ valid: true, user: 'z张&' });
  });

  it('reads a failure with its code', () => {
    expect(readCasAnswer(`<cas:serviceResponse ${NS}><cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure></cas:serviceResponse>`))
      .toEqual({ valid: false, code: 'INVALID_TICKET', detail: 'Ticket ST-1 not recognized' });
  });

  it('never expands an entity: a document type declaration is refused, not read', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(readCasAnswer(xxe)).toMatchObject({ valid: false, code: 'MALFORMED' });
    const laughs = `<!DOCTYPE l [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>&b;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;
    expect(readCasAnswer(laughs)).toMatchObject({ valid: false, code: 'MALFORMED' });
    // An undeclared entity without a DOCTYPE is refused too.
    expect(readCasAnswer(`<cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>`))
      .toMatchObject({ valid: false, code: 'MALFORMED' });
  });

  it('takes nothing but a CAS answer for a success', () => {
    for (const answer of [
      'yes\nadmin\n', // CAS 1.0's /validate
      '<html><body>cas_user1</body></html>',
      `<serviceResponse><authenticationSuccess><user>admin</user></authenticationSuccess></serviceResponse>`, // no CAS namespace
      `<cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>  </cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
      `<cas:serviceResponse ${NS}><cas:authenticationSuccess><cas:user>admin</cas:user>`, // cut short
      `<cas:serviceResponse ${NS}></cas:serviceResponse><x/>`,
      `<cas:serviceResponse ${NS}><cas:authenticationSuccess><x:user xmlns:x="urn:other">admin</x:user></cas:authenticationSuccess></cas:serviceResponse>`,
    ]) {
      expect(readCasAnswer(answer), answer).toMatchObject({ valid: false, code: 'MALFORMED' });
    }
  });
});
