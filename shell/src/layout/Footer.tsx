import { Link } from 'react-router';
import { PRODUCT_NAME } from '../product';

export function Footer() {
  return (
    <footer className="hf-footer">
      <div className="hf-footer__inner">
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </span>
        <span className="hf-footer__links">
          <Link to="/help">Help</Link>
        </span>
      </div>
    </footer>
  );
}
