/**
 * The one way a Vigil element is made: an r2wc wrap of a React component with
 * - a guarded registration (a second copy of the suite on the page is harmless),
 * - an open shadow root with the suite's constructable style sheets adopted,
 * - `api-base` taking part in settling the page's one API base (core/config/settle.ts); an
 *   element naming another API than the settled one shows a message instead,
 * - attribute checks that show a translated message instead of crashing,
 * - a compact sign-in state when the element needs a session and finds none (the element
 *   passes features/auth's CompactSignIn as `signIn`: common imports no other feature),
 * - `lang` on the host following the applied language,
 * - an error boundary, and the page's single toast region.
 */
import { r2wc } from './renderer.ts';
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { type ComponentType, useEffect, useLayoutEffect } from 'react';
import { $apiBase, normalizeApiBase } from '../../../core/config/config.ts';
import { conflictingApiBase, elementConnected } from '../../../core/config/settle.ts';
import { $language } from '../../../core/i18n/languages.ts';
import { $currentUser, startSession } from '../../../core/session/session.ts';
import { adoptCss, BASE_CSS } from '../../../ui/styles.ts';
import { useT } from '../useT.ts';
import { ElementScopeContext } from './context.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { preloadable } from '../preloadable.tsx';

// "Live updates paused": its own chunk, loaded after the first render; nothing until they pause.
const LiveNotice = preloadable(() => import('../LiveNotice.tsx').then((m) => ({ default: m.LiveNotice })));

export interface AttributeSpec {
  required?: boolean;
  /** Returns true when the (trimmed, non-empty) value is acceptable. */
  check?: (value: string) => boolean;
}

export type SessionNeed = 'required' | 'optional' | 'none';

interface ElementSpecBase<A extends string> {
  tag: `vigil-${string}`;
  component: ComponentType<ElementProps<A>>;
  /** camelCase prop names; the attribute is its dash-case (`basePath` ↔ `base-path`). */
  attributes?: Record<A, AttributeSpec>;
  /** At least one of these attributes must be given (e.g. `project` or `site`). */
  requireOneOf?: A[];
  /** Extra CSS for the shadow root (besides tokens and primitives). */
  css?: string[];
  /** Internal elements (the toast region) don't start a session or a toast region. */
  internal?: boolean;
  /** Set `lang` on the host (embedded elements); the portal sets `<html lang>` itself. */
  hostLang?: boolean;
}

export type ElementSpec<A extends string> = ElementSpecBase<A> &
  (
    | {
        /** Signed-out users see `signIn` (the compact sign-in) instead of the component. */
        session: 'required';
        signIn: ComponentType;
      }
    | { session: Exclude<SessionNeed, 'required'>; signIn?: never }
  );

export type ElementProps<A extends string> = { [K in A]?: string };

const dash = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

type Attributes = Record<string, string | undefined>;

/**
 * Each element's given attributes by camelCase name: set and non-empty only (a removed or
 * empty attribute is "not given"). The element keeps them (its observed attributes and
 * properties), the wrapper renders from them; r2wc only mounts the component.
 */
const attributeStores = new WeakMap<HTMLElement, WritableAtom<Attributes>>();
const NO_ATTRIBUTES: ReadableAtom<Attributes> = atom({});

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);

type WrapperProps = { container?: ShadowRoot };

function AttributeMessage({ text }: { text: string }) {
  return (
    <p className="v-message" role="alert" part="message">
      {text}
    </p>
  );
}

/** Where each element keeps its ElementInternals (custom states), when the browser has them. */
const INTERNALS = Symbol.for('vigil.element.internals');

/**
 * Marks the host `:state(rendered)` once its first render is committed (before that frame
 * is painted): an element's own CSS may reserve its loading box only until then, with
 * `:host(:not(:state(rendered))) { min-block-size: … }` (browsers without custom states drop
 * the rule, so nothing is reserved and nothing stays reserved).
 */
function useRenderedState(host: HTMLElement | null): void {
  useLayoutEffect(() => {
    const internals = (host as unknown as Record<symbol, ElementInternals | undefined> | null)?.[INTERNALS];
    try {
      internals?.states.add('rendered');
    } catch {
      // A browser whose CustomStateSet refuses plain names: the reserve is never applied either.
    }
  }, [host]);
}

function makeWrapper<A extends string>(spec: ElementSpec<A>) {
  const Inner = spec.component;
  function VigilElement({ container }: WrapperProps) {
    const t = useT();
    const user = useStore($currentUser);
    const language = useStore($language);
    const settledBase = useStore($apiBase);
    const root = container ?? null;
    const host = (root?.host as HTMLElement | undefined) ?? null;
    const props = useStore((host && attributeStores.get(host)) || NO_ATTRIBUTES);
    useRenderedState(host);

    useEffect(() => {
      if (host && spec.hostLang !== false) host.setAttribute('lang', language);
    }, [host, language]);

    const values: Record<string, string | undefined> = {};
    let problem: string | null = null;
    const apiBase = props.apiBase?.trim();
    if (settledBase === '') {
      // The page's elements name different APIs (or one other than the stored sign-in's) and
      // nothing decides: none of them works (an injected element must not win, nor sign
      // anyone out), whatever its own api-base.
      problem = t('core.element.conflict');
    } else if (apiBase && !normalizeApiBase(apiBase)) {
      problem = t('core.element.invalidAttribute', { attribute: 'api-base', value: apiBase });
    } else if (settledBase && conflictingApiBase(apiBase)) {
      // The page already talks to another API: this element does not move it, and the
      // token is never sent to the API it names (README "Security").
      problem = t('core.element.otherApi', { value: apiBase, api: settledBase });
    }
    for (const [name, rule] of Object.entries(spec.attributes ?? {}) as [A, AttributeSpec][]) {
      const value = props[name]?.trim() || undefined;
      values[name] = value;
      if (problem) continue;
      if (!value && rule.required) problem = t('core.element.missingAttribute', { attribute: dash(name) });
      else if (value && rule.check && !rule.check(value)) problem = t('core.element.invalidAttribute', { attribute: dash(name), value });
    }
    if (!problem && spec.requireOneOf && !spec.requireOneOf.some((n) => values[n])) {
      problem = t('core.element.missingAttribute', { attribute: spec.requireOneOf.map(dash).join('” / “') });
    }

    let body;
    if (problem) body = <AttributeMessage text={problem} />;
    else if (spec.signIn && !user) body = <spec.signIn />;
    else
      body = (
        <>
          {/* Live updates paused: an element that needs a session says so (the portal in its layout). */}
          {spec.session === 'required' && <LiveNotice />}
          <Inner {...(values as ElementProps<A>)} />
        </>
      );

    return (
      <ElementScopeContext.Provider value={{ host, root }}>
        <ErrorBoundary fallback={<AttributeMessage text={t('core.element.crashed')} />}>{body}</ErrorBoundary>
      </ElementScopeContext.Provider>
    );
  }
  VigilElement.displayName = `VigilElement(${spec.tag})`;
  return VigilElement;
}

/** Appends the page's single toast region to <body> (once per page, whatever bundle asks). */
export function ensureToastRegion(): void {
  if (typeof document === 'undefined' || !document.body) return;
  if (!document.querySelector('vigil-toast-region')) document.body.append(document.createElement('vigil-toast-region'));
}

/**
 * Defines `spec.tag` unless it is already defined (by this or another copy of the suite),
 * and returns the registered class.
 */
export function defineElement<A extends string>(spec: ElementSpec<A>): CustomElementConstructor {
  const existing = customElements.get(spec.tag);
  if (existing) return existing;

  const propNames = ['apiBase', ...Object.keys(spec.attributes ?? {})];
  const propOf = new Map(propNames.map((p) => [dash(p), p]));
  // r2wc (public options only) mounts the component with its container; the attributes
  // and properties are the element's own, below.
  const Base = r2wc(makeWrapper(spec), { shadow: 'open', props: [] }) as unknown as typeof HTMLElement;
  const css = [...BASE_CSS, ...(spec.css ?? [])];

  class Element extends Base {
    static get observedAttributes(): string[] {
      return [...propOf.keys()];
    }
    readonly #attributes = atom<Attributes>({});
    constructor() {
      super();
      attributeStores.set(this, this.#attributes);
      if (this.shadowRoot) adoptCss(this.shadowRoot, ...css);
      try {
        (this as unknown as Record<symbol, ElementInternals>)[INTERNALS] = this.attachInternals();
      } catch {
        // No ElementInternals here: no custom states, and no loading reserve (see useRenderedState).
      }
    }
    connectedCallback(): void {
      // A property set before the tag was defined (Angular's [prop], Lit's .prop) sits on
      // the instance and hides the accessor below: hand it to the accessor.
      for (const prop of propNames) {
        if (!Object.hasOwn(this, prop)) continue;
        const value = (this as unknown as Record<string, unknown>)[prop];
        delete (this as unknown as Record<string, unknown>)[prop];
        (this as unknown as Record<string, unknown>)[prop] = value;
      }
      // All elements of a page talk to one API, settled after this task from every element
      // present then (and the meta tag, configure(), the stored sign-in): never from
      // whichever happens to connect first.
      if (!spec.internal) {
        elementConnected(this);
        ensureToastRegion();
        if (spec.session !== 'none') void startSession();
      }
      (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback.call(this);
    }
    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const prop = propOf.get(name);
      if (!prop) return;
      const { [prop]: _, ...others } = this.#attributes.get();
      // A removed or empty attribute is "not given".
      this.#attributes.set(value ? { ...others, [prop]: value } : others);
    }
  }
  // Each attribute is also a property: reading gives the given value (undefined when not
  // given), writing sets the attribute (null or undefined removes it).
  for (const [attribute, prop] of propOf) {
    Object.defineProperty(Element.prototype, prop, {
      enumerable: true,
      configurable: true,
      get(this: HTMLElement) {
        return attributeStores.get(this)?.get()[prop];
      },
      set(this: HTMLElement, value: unknown) {
        if (value == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  customElements.define(spec.tag, Element);
  return Element;
}
