import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify/unstyled';
import { initI18n } from '../../i18n/i18n';
import { publicPageUrl, sharePublicPage, userGuideUrl } from './project-links';

const PAGE = '/t/saj-station';
const URL_OF_PAGE = `${window.location.origin}/t/saj-station`;

beforeEach(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockRestore?.();
  vi.mocked(toast.error).mockRestore?.();
});

describe('project links', () => {
  it('points the documentation link at the guide the app serves, in the interface language', () => {
    expect(userGuideUrl('en')).toBe('/guide/en');
    expect(userGuideUrl('ar')).toBe('/guide/ar');
  });

  it("shares the truck's public page, not the app's own address", () => {
    expect(publicPageUrl(PAGE)).toBe(URL_OF_PAGE);
  });

  it('uses the Web Share API when the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    await sharePublicPage(PAGE);
    expect(share).toHaveBeenCalledWith({ title: 'TruckDesk', url: URL_OF_PAGE });
  });

  it('copies the link and says so when there is no Web Share', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    await sharePublicPage(PAGE);
    expect(writeText).toHaveBeenCalledWith(URL_OF_PAGE);
    expect(success).toHaveBeenCalledWith('The link is copied.');
  });

  it('says so when neither works', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const error = vi.spyOn(toast, 'error');
    await sharePublicPage(PAGE);
    expect(error).toHaveBeenCalledWith('The link could not be shared.');
  });

  it('stays quiet when the person cancels the share sheet', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError')), clipboard: { writeText } });
    await sharePublicPage(PAGE);
    expect(writeText).not.toHaveBeenCalled();
  });
});
