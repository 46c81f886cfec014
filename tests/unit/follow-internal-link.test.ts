import { afterEach, describe, expect, it, vi } from 'vitest';
import { followInternalLink } from '@/lib/follow-internal-link';

function clickOn(html: string, init: MouseEventInit = {}) {
  document.body.innerHTML = html;
  const link = document.body.querySelector('a') as HTMLAnchorElement;
  const target = link.querySelector('span') ?? link;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, 'target', { value: target });
  const navigate = vi.fn();
  const followed = followInternalLink(event, navigate);
  return { followed, navigate, prevented: event.defaultPrevented };
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('followInternalLink', () => {
  it('navigates in the app for a plain click on a link to another page of the site, from inside the link too', () => {
    window.history.replaceState(null, '', '/faq');
    const { followed, navigate, prevented } = clickOn(
      '<a href="/contact?from=faq#form"><span>Contact</span></a>',
    );
    expect(followed).toBe(true);
    expect(prevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/contact?from=faq#form', { replace: false });
  });

  it('replaces the history entry for a link to the page already shown, as <Link> does', () => {
    window.history.replaceState(null, '', '/faq');
    expect(clickOn('<a href="/faq">FAQ</a>').navigate).toHaveBeenCalledWith('/faq', { replace: true });
  });

  it.each([
    ['a modified click', '<a href="/contact">x</a>', { ctrlKey: true }],
    ['a shift click', '<a href="/contact">x</a>', { shiftKey: true }],
    ['a middle click', '<a href="/contact">x</a>', { button: 1 }],
    ['a new-tab link', '<a href="/contact" target="_blank">x</a>', {}],
    ['a download', '<a href="/audio.mp3" download>x</a>', {}],
    ['another origin', '<a href="https://calendly.com/x">x</a>', {}],
    ['a jump within the page', '<a href="#booking-calendar">x</a>', {}],
    ['a mail link', '<a href="mailto:hello@example.com">x</a>', {}],
  ])('leaves %s to the browser', (_name, html, init) => {
    const { followed, navigate, prevented } = clickOn(html, init);
    expect(followed).toBe(false);
    expect(prevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing for a click another handler has already taken (a <Link> rendered by an island)', () => {
    document.body.innerHTML = '<a href="/contact">x</a>';
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'target', { value: document.body.querySelector('a') });
    event.preventDefault();
    const navigate = vi.fn();
    expect(followInternalLink(event, navigate)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
