import { useEffect, useState } from 'react';
import { isSafeStoredPath } from '../../../runtime/files/paths';
import { get } from '../../api/request';
import { runtimeConfig } from '../../config';

/**
 * The URL an `<img>` can show the avatar from. An http(s) avatar is used as it is; a stored one
 * needs the session, which an `<img>` cannot send, so the server is asked for a short-lived signed
 * link to it (GET /sys/common/signStaticUrl). The picture loads once; a missing file shows the
 * default icon without a message.
 */
export function useAvatarUrl(avatar: string | null | undefined): string | undefined {
  const [signed, setSigned] = useState<{ avatar: string; url: string }>();
  const direct = avatar && /^https?:\/\//i.test(avatar) ? avatar : undefined;

  useEffect(() => {
    if (!avatar || direct || !isSafeStoredPath(avatar)) return;
    let live = true;
    get<{ url: string }>('/sys/common/signStaticUrl', { path: avatar }, { silent: true }).then(
      (answer) => {
        if (live && answer.success) setSigned({ avatar, url: `${runtimeConfig().domianURL}${answer.result.url}` });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [avatar, direct]);

  return direct ?? (signed && signed.avatar === avatar ? signed.url : undefined);
}
