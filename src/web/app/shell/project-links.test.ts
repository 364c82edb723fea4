import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify/unstyled';
import { initI18n } from '../../i18n/i18n';
import { publicPageUrl, repositoryUrl, sharePublicPage, userGuideUrl } from './project-links';

beforeEach(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockRestore?.();
  vi.mocked(toast.error).mockRestore?.();
});

describe('project links', () => {
  it('points the star link at the configured repository, with a default', () => {
    expect(repositoryUrl('https://git.example.com/team/truckdesk/')).toBe('https://git.example.com/team/truckdesk');
    expect(repositoryUrl(undefined)).toBe('https://github.com/truckdesk/truckdesk');
    expect(repositoryUrl('  ')).toBe('https://github.com/truckdesk/truckdesk');
  });

  it('points the documentation link at the user guide in that repository', () => {
    expect(userGuideUrl('https://git.example.com/team/truckdesk')).toBe('https://git.example.com/team/truckdesk/blob/main/docs/user-guide.md');
  });

  it('shares the app itself until trucks have public pages', () => {
    expect(publicPageUrl()).toBe(window.location.origin);
  });

  it('uses the Web Share API when the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    await sharePublicPage();
    expect(share).toHaveBeenCalledWith({ title: 'TruckDesk', url: window.location.origin });
  });

  it('copies the link and says so when there is no Web Share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    await sharePublicPage();
    expect(writeText).toHaveBeenCalledWith(window.location.origin);
    expect(success).toHaveBeenCalledWith('The link is copied.');
  });

  it('says so when neither works', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const error = vi.spyOn(toast, 'error');
    await sharePublicPage();
    expect(error).toHaveBeenCalledWith('The link could not be shared.');
  });

  it('stays quiet when the person cancels the share sheet', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError')), clipboard: { writeText } });
    await sharePublicPage();
    expect(writeText).not.toHaveBeenCalled();
  });
});
