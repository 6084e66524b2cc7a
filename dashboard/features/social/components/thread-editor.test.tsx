// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THREAD_MAX_POSTS, toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from '../test-support';

// The media picker opens the library (Firebase): the thread editor's own behaviour is tested without it.
vi.mock('./media-field', () => ({
  MediaField: ({ legend }: { legend: string }) => <p>{legend}</p>,
}));

const { FirstCommentField, ThreadEditor, newThreadItem, threadProblem } =
  await import('./thread-editor');
const { PostFollowUps } = await import('./post-follow-ups');
type Items = Parameters<typeof ThreadEditor>[0]['items'];

let latest: Items = [];
function Editor({ initial = [] }: { initial?: Items }) {
  const [items, setItems] = useState<Items>(initial);
  latest = items;
  return <ThreadEditor items={items} onChange={setItems} />;
}

const typeInto = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('the thread editor', () => {
  afterEach(cleanup);

  it('adds an item with its own text, counter and media for each click on Add to thread', () => {
    render(<Editor />);
    expect(screen.queryByRole('list', { name: 'Thread' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to thread' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to thread' }));
    const items = within(screen.getByRole('list', { name: 'Thread' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.getByText('Media for post 2')).toBeTruthy();
    expect(screen.getByText('Media for post 3')).toBeTruthy();

    typeInto('Post 2 of the thread', 'Second part');
    // Each item counts on its own, as X weighs it.
    expect(within(items[0]!).getByText('11/280')).toBeTruthy();
    expect(within(items[1]!).getByText('0/280')).toBeTruthy();
    expect(latest.map((item) => item.text)).toEqual(['Second part', '']);
  });

  it('marks an item over X limit and names it in the reason Post is blocked', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to thread' }));
    typeInto('Post 2 of the thread', 'a'.repeat(281));
    expect(screen.getByLabelText('Post 2 of the thread').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('281/280')).toBeTruthy();
    expect(threadProblem(latest)).toMatch(/^Post 2 of the thread: /);
  });

  it('refuses an empty item and allows a thread whose items are written', () => {
    expect(threadProblem([{ ...newThreadItem(), text: 'Two' }, newThreadItem()])).toBe(
      'Post 3 of the thread is empty: write it or remove it.',
    );
    expect(
      threadProblem([
        { ...newThreadItem(), text: 'Two' },
        { ...newThreadItem(), text: 'Three' },
      ]),
    ).toBeNull();
  });

  it('removes the item its Remove belongs to', () => {
    render(
      <Editor
        initial={[
          { ...newThreadItem(), text: 'Two' },
          { ...newThreadItem(), text: 'Three' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove post 2 of the thread' }));
    expect(latest.map((item) => item.text)).toEqual(['Three']);
    expect((screen.getByLabelText('Post 2 of the thread') as HTMLTextAreaElement).value).toBe(
      'Three',
    );
  });

  it(`stops at ${THREAD_MAX_POSTS} posts`, () => {
    render(
      <Editor
        initial={Array.from({ length: THREAD_MAX_POSTS - 2 }, () => ({
          ...newThreadItem(),
          text: 'x',
        }))}
      />,
    );
    const add = screen.getByRole('button', { name: 'Add to thread' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(latest).toHaveLength(THREAD_MAX_POSTS - 1);
    expect(add.disabled).toBe(true);
    expect(screen.getByText(`A thread can have at most ${THREAD_MAX_POSTS} posts.`)).toBeTruthy();
  });
});

describe('the first comment field', () => {
  afterEach(cleanup);

  it('counts as X weighs a post on X, and characters up to 1,250 on LinkedIn', () => {
    const { rerender } = render(
      <FirstCommentField platform="x" value={'é'.repeat(10)} onChange={() => undefined} />,
    );
    expect(screen.getByText('10/280')).toBeTruthy();
    rerender(
      <FirstCommentField platform="linkedin" value={'a'.repeat(1251)} onChange={() => undefined} />,
    );
    expect(screen.getByText('1,251/1,250')).toBeTruthy();
    expect(screen.getByLabelText('First comment (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('counts characters up to 10,000 on Reddit and YouTube', () => {
    const { rerender } = render(
      <FirstCommentField platform="reddit" value={'a'.repeat(1251)} onChange={() => undefined} />,
    );
    expect(screen.getByText('1,251/10,000')).toBeTruthy();
    expect(screen.getByLabelText('First comment (optional)').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    rerender(
      <FirstCommentField
        platform="youtube"
        value={'a'.repeat(10_001)}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByText('10,001/10,000')).toBeTruthy();
    expect(screen.getByLabelText('First comment (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });
});

describe('a thread in Recent Posts', () => {
  afterEach(cleanup);

  it('shows "Thread of 4", each published post link, and the first comment', () => {
    const doc = postDoc('t1', {
      status: 'publishing',
      text: 'One',
      url: 'https://x.com/i/status/1',
      thread: [
        { text: 'Two', platformPostId: '2', url: 'https://x.com/i/status/2' },
        { text: 'Three', platformPostId: '3', url: 'https://x.com/i/status/3' },
        { text: 'Four', platformPostId: null, url: null },
      ],
      firstComment: { text: 'Link below', platformPostId: null, url: null },
      publishedAt: timestampOf('2026-11-23T11:00:00Z'),
    });
    const post = toSocialPost(doc.id, doc.data);
    render(<PostFollowUps post={post} />);
    expect(screen.getByText('Thread of 4')).toBeTruthy();
    const links = within(screen.getByRole('list', { name: 'Posts of the thread' }));
    expect(links.getByRole('link', { name: 'Post 1' }).getAttribute('href')).toBe(
      'https://x.com/i/status/1',
    );
    expect(links.getByRole('link', { name: 'Post 3' }).getAttribute('href')).toBe(
      'https://x.com/i/status/3',
    );
    expect(links.getByText('Post 4: not published yet')).toBeTruthy();
    expect(screen.getByText('Link below')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View comment' })).toBeNull();
  });
});
